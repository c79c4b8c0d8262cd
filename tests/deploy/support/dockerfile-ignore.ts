import path from 'node:path';

/**
 * The rules of a .dockerignore file as BuildKit applies them (moby/patternmatcher): patterns are
 * cleaned paths from the context root; `*` and `?` stop at `/`, `**` spans any number of
 * folders; a pattern that matches a folder matches everything inside it; `!` lets back in what an
 * earlier pattern left out; the last pattern that matches a path decides.
 */
export interface ContextRules {
  excluded: (relativePath: string) => boolean;
  /** False when nothing under this excluded folder can be let back in (a walk may skip it). */
  mayIncludeUnder: (relativeFolder: string) => boolean;
}

interface Pattern {
  negated: boolean;
  regex: RegExp;
  /** Its folders, for deciding whether it can reach below a folder. */
  parts: string[];
}

/** One path component against one pattern component (`*`, `?`, literal). */
const componentMatches = (pattern: string, name: string): boolean =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '[^/]*')
      .replace(/\?/g, '[^/]')}$`,
  ).test(name);

function compile(line: string): Pattern {
  const negated = line.startsWith('!');
  const cleaned = path.posix
    .normalize((negated ? line.slice(1) : line).trim())
    .replace(/^\/+/, '')
    .replace(/\/+$/, '');
  let source = '^';
  for (let i = 0; i < cleaned.length; i++) {
    const char = cleaned.charAt(i);
    if (char === '*' && cleaned.charAt(i + 1) === '*') {
      i += cleaned.charAt(i + 2) === '/' ? 2 : 1;
      source += i === cleaned.length - 1 ? '.*' : '(.*/)?';
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (char === '\\' && i + 1 < cleaned.length) source += `\\${cleaned.charAt(++i)}`;
    else source += char.replace(/[.+^${}()|[\]]/g, '\\$&');
  }
  return { negated, regex: new RegExp(`${source}$`), parts: cleaned.split('/') };
}

export function contextRules(dockerignore: string): ContextRules {
  const patterns = dockerignore
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map(compile);
  return {
    excluded(relativePath) {
      const file = path.posix.normalize(relativePath);
      const parents = path.posix.dirname(file) === '.' ? [] : path.posix.dirname(file).split('/');
      let matched = false;
      for (const pattern of patterns) {
        // As patternmatcher: an exclusion cannot change an excluded path, nor an exception an included one.
        if (pattern.negated !== matched) continue;
        const match = pattern.regex.test(file) || parents.some((_part, i) => pattern.regex.test(parents.slice(0, i + 1).join('/')));
        if (match) matched = !pattern.negated;
      }
      return matched;
    },
    mayIncludeUnder(relativeFolder) {
      const folder = path.posix.normalize(relativeFolder).split('/');
      return patterns.some(
        ({ negated, parts }) =>
          negated &&
          (parts.some((part) => part.includes('**')) || (parts.length > folder.length && folder.every((name, i) => componentMatches(parts[i] ?? '', name)))),
      );
    },
  };
}
