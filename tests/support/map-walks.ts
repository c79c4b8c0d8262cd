import { readFileSync } from 'node:fs';

/** A row of docs/architecture.md's "Walks": a behaviour, the service files a request passes through, the function that does the work, and the kit's files on the way. */
export interface MapWalk {
  behaviour: string;
  service: string;
  /** Below `services/<service>/src/`, outermost first; the last declares `work`. */
  files: string[];
  work: string;
  /** Below `services/kit/src/`, outermost first. */
  kit: string[];
}

const MAP = new URL('../../docs/architecture.md', import.meta.url);

/**
 * The rows of the map's "Walks": the behaviour and its service in brackets; the backticked files
 * then the function's name; the kit's backticked files, where *chain* stands for the kit's chain the
 * section names first.
 */
export function walksOfTheMap(): MapWalk[] {
  const map = readFileSync(MAP, 'utf8');
  const start = map.indexOf('## Walks');
  const section = map.slice(start, map.indexOf('\n## ', start + 1));
  const chainText = section.slice(section.indexOf("**The kit's chain**"), section.indexOf('\n\n', section.indexOf("**The kit's chain**")));
  const chain = [...chainText.matchAll(/`([^`]+\.ts)`/g)].map((match) => match[1] ?? '').filter((file) => file !== 'http/app.ts');
  return section.split('\n').flatMap((line) => {
    const row = /^\|\s*([^|]+?)\s*\((\w+)\)\s*\|\s*(.+?)\s*\|\s*(.*?)\s*\|$/.exec(line);
    if (!row) return [];
    const names = [...(row[3] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
    const work = names.findIndex((name) => !name.endsWith('.ts'));
    const kit = [...(row[4] ?? '').matchAll(/`([^`]+\.ts)`|\bchain\b/g)].flatMap((match) => (match[1] === undefined ? chain : [match[1]]));
    return [{ behaviour: row[1] ?? '', service: row[2] ?? '', files: names.slice(0, work), work: names[work] ?? '', kit }];
  });
}
