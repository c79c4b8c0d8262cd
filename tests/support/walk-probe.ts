// Loaded into a process under test with `node --import` (tests/walks.spec.ts): records the stack a
// function is called on, from inside that very function, for the walks docs/architecture.md shows.
// A conditional breakpoint (the inspector's logpoint mechanism) at the function's first statement
// records `new Error().stack` and never pauses, so the process runs on as it would. Node runs the
// TypeScript by erasing its types in place, so the source's line numbers are the running code's.
import { appendFileSync, readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { pathToFileURL } from 'node:url';

/** A function to record: its file and its name. */
export interface WalkProbe {
  file: string;
  fn: string;
}

/** What the probe writes, one JSON line per call recorded (at most a few per function). */
export interface RecordedWalk {
  fn: string;
  stack: string;
}

const MAX_RECORDED_PER_FUNCTION = 20;

/** The 0-based line of the first statement of `fn`'s body in `source`: the line after its signature's opening brace. */
export function firstBodyLine(source: string, fn: string): number {
  const lines = source.split('\n');
  const declaration = new RegExp(`(?:function\\s+${fn}\\b|^\\s+(?:(?:private|public|static|async)\\s+)*${fn}\\s*[(<])`);
  const declared = lines.findIndex((line) => declaration.test(line));
  if (declared < 0) throw new Error(`no function ${fn} in the source`);
  const opens = lines.findIndex((line, index) => index >= declared && line.trimEnd().endsWith('{'));
  return opens + 1;
}

const probes = JSON.parse(process.env.BOARDSYNC_WALK_PROBES ?? '[]') as WalkProbe[];
const out = process.env.BOARDSYNC_WALK_OUT;
if (probes.length > 0 && out) {
  const counts = new Map<string, number>();
  Object.assign(globalThis, {
    __boardsyncWalk: (fn: string, stack: string): void => {
      const seen = counts.get(fn) ?? 0;
      if (seen >= MAX_RECORDED_PER_FUNCTION) return;
      counts.set(fn, seen + 1);
      appendFileSync(out, `${JSON.stringify({ fn, stack } satisfies RecordedWalk)}\n`);
    },
  });
  Error.stackTraceLimit = 60;
  const session = new Session();
  session.connect();
  // Held for the life of the process: a collected session would drop its breakpoints.
  Object.assign(globalThis, { __boardsyncWalkSession: session });
  await session.post('Debugger.enable');
  for (const { file, fn } of probes) {
    await session.post('Debugger.setBreakpointByUrl', {
      url: pathToFileURL(file).href,
      lineNumber: firstBodyLine(readFileSync(file, 'utf8'), fn),
      condition: `globalThis.__boardsyncWalk(${JSON.stringify(fn)}, new Error().stack), false`,
    });
  }
}
