import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, globSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The READMEs and docs/ cannot go stale unnoticed: every repository path they name exists, every
 * link stays inside the repository (or goes to one of the public standards below), and an anchor
 * names a heading that is there.
 */
const repo = path.resolve(import.meta.dirname, '..');

/** Standards and upstream references a reader may follow out; anything else is linked in the repository. */
const PUBLIC_REFERENCES = ['https://www.standardwebhooks.com/', 'https://openapi-ts.dev/', 'https://www.rfc-editor.org/', 'https://datatracker.ietf.org/'];

/** Folders of the repository a path may start with. */
const TOP_LEVEL = ['services', 'clients', 'charts', 'docker', 'docs', 'scripts', 'tests', 'bench', 'proto', '.ci'];

const SKIPPED = new Set(['node_modules', '.cache', '.data', '.data-cluster', '.git', 'dist', 'coverage']);

/** Files under `dir` whose name `wanted` accepts, the skipped folders left out. */
function filesUnder(wanted: (name: string) => boolean, dir = repo): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(wanted, full);
    return wanted(entry.name) ? [full] : [];
  });
}

const files = filesUnder((name) => name.endsWith('.md')).map((file) => path.relative(repo, file));

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(path.join(repo, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => anchor(match[1] ?? '')));
}

/** Markdown links outside code: `[text](target)`. */
function links(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');
}

const PACKAGES = globSync('{services,clients}/*', { cwd: repo });

/**
 * Where a named path may be found from a file: its folder, its package's root, the repository's;
 * outside a package, `src/main.ts` means any service's.
 */
function bases(file: string): string[] {
  const dir = path.dirname(file);
  const parts = dir.split(path.sep);
  const inPackage = ['services', 'charts', 'clients'].includes(parts[0] ?? '') && parts.length >= 2;
  const packages = inPackage ? [parts.slice(0, 2).join('/')] : PACKAGES;
  return [...new Set([dir, ...packages, ...packages.map((root) => `${root}/src`), '.'])];
}

/** Repository paths in code spans: `services/kit/src/events.ts`, `src/http/`, `charts/boardsync/values.yaml`. */
function namedPaths(text: string): string[] {
  const spans = [...text.replace(/```[\s\S]*?```/g, '').matchAll(/`([^`\s]+)`/g)].map((match) => match[1] ?? '');
  // A file (an extension), a folder (a trailing slash) or three segments deep: `http/json` is a protocol.
  return spans.filter((span) => /^\.?[\w@-]+(\/[\w.@*-]+)+\/?$/.test(span) && (/\.\w+$|\/$/.test(span) || span.split('/').length >= 3));
}

function isFolder(full: string): boolean {
  return existsSync(full) && statSync(full).isDirectory();
}

function exists(from: readonly string[], named: string): boolean {
  return from.some((base) => {
    const candidate = path.join(repo, base, named);
    if (!candidate.startsWith(repo)) return false;
    return named.includes('*') ? globSync(path.relative(repo, candidate), { cwd: repo }).length > 0 : existsSync(candidate);
  });
}

describe.each(files)('%s', (file) => {
  const text = readFileSync(path.join(repo, file), 'utf8');
  const from = bases(file);

  it('links only inside the repository (or to a public standard), to files and headings that exist', () => {
    const broken = links(text).filter((target) => {
      if (/^[a-z]+:/.test(target)) return !PUBLIC_REFERENCES.some((reference) => target.startsWith(reference));
      const [where = '', fragment] = target.split('#');
      const linked = where === '' ? file : path.normalize(path.join(path.dirname(file), decodeURI(where)));
      if (linked.startsWith('..') || path.isAbsolute(linked) || !existsSync(path.join(repo, linked))) return true;
      if (fragment === undefined || !linked.endsWith('.md')) return false;
      return !anchorsOf(linked).has(fragment);
    });
    expect(broken).toEqual([]);
  });

  it('names only repository paths that exist', () => {
    // A span is a path of ours when its first folder is one of ours, seen from where the file is.
    const repositoryPaths = namedPaths(text).filter((named) => {
      const first = named.split('/')[0] ?? '';
      return TOP_LEVEL.includes(first) || from.some((base) => first !== '' && isFolder(path.join(repo, base, first)));
    });
    expect(repositoryPaths.filter((named) => !exists(from, named))).toEqual([]);
  });
});

/** Every hand-written text file of the repository: sources, scripts, charts, docs. */
const isTextFile = (name: string): boolean => /\.(ts|js|cjs|mjs|sh|md|ya?ml|json|toml|proto|go)$|^[A-Za-z]+file$/.test(name) && !name.endsWith('.gen.ts');

it('cites no tracker and no planning file a reader of the repository cannot open: comments say why', () => {
  // Spelt in pieces so that this file does not cite what it looks for.
  // Numbered sections of a specification outside the repository, too: docs/rules.md states those rules here.
  const citation = new RegExp(['\\b[Ii]ssues? #?\\d', '\\b(DESIGN|STYLE)\\.md', ['shared', 'spec/'].join('/'), ['\\bspec', '§'].join(' ')].join('|'));
  const citing = filesUnder(isTextFile)
    .filter((file) => !file.endsWith('package-lock.json') && !file.includes('/contract/'))
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (citation.test(line) ? [`${path.relative(repo, file)}:${String(index + 1)}: ${line.trim()}`] : [])),
    );
  expect(citing).toEqual([]);
});

it('names, in code comments, only repository paths and file names that exist', () => {
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: repo, encoding: 'utf8' }).split('\n');
  const names = new Set(tracked.map((file) => path.basename(file)));
  const sources = tracked.filter((file) => /\.(ts|mjs)$/.test(file) && !file.endsWith('.gen.ts') && !file.includes('/proto/'));
  const stale = sources.flatMap((file) => {
    const comments = (readFileSync(path.join(repo, file), 'utf8').match(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g) ?? []).join('\n');
    // A path from the repository's root must exist; a bare file name (a file of the same folder or service) must be some file's name.
    const paths = [...comments.matchAll(new RegExp(`(?<![\\w./@-])((?:${TOP_LEVEL.join('|').replace('.', '\\.')})/[\\w./-]*\\w)`, 'g'))]
      .map(([, named = '']) => named)
      .filter((named) => !existsSync(path.join(repo, named)));
    const bare = [...comments.matchAll(/(?<![\w./@-])([\w-]+\.(?:ts|md))\b/g)].map(([, name = '']) => name).filter((name) => !names.has(name));
    return [...paths, ...bare].map((named) => `${file}: ${named}`);
  });
  expect(stale).toEqual([]);
});

it('finds the READMEs and docs it keeps true', () => {
  expect(files).toEqual(
    expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/decisions.md', 'services/kit/README.md', 'services/gateway/README.md']),
  );
  expect(statSync(path.join(repo, 'docs')).isDirectory()).toBe(true);
});
