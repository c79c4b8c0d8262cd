import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { SERVICE_ENTRY } from '@boardsync/kit/core';

/** A service's `src/main.ts` running as its own process, its stdout and stderr kept. */
export interface ServiceProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  output: () => string;
  exited: Promise<number | null>;
}

/** docker/Dockerfile's memory settings (tests/deploy/image-contents.spec.ts checks they agree): V8's young generation bound, glibc's malloc arenas. */
export const IMAGE_MEMORY_ENV = { NODE_OPTIONS: '--max-semi-space-size=2', MALLOC_ARENA_MAX: '2' };
/** For a caller that sets NODE_OPTIONS of its own (a profiler's flags) and must keep the image's. */
export const IMAGE_NODE_OPTIONS = IMAGE_MEMORY_ENV.NODE_OPTIONS;

/** Node's compile cache for the services started here, as the images have theirs (kept out of the repository by .gitignore). */
const COMPILE_CACHE = fileURLToPath(new URL('../../.cache/node-compile-cache', import.meta.url));

/**
 * `node --import @boardsync/kit/telemetry/register src/main.ts [args]` (SERVICE_ENTRY) from `services/<service>/`, as the images run it (their memory settings,
 * a compile cache), with only the environment given (and PATH): nothing inherited can choose an
 * adapter or satisfy a variable the process must not need.
 */
export function startServiceProcess(service: string, args: readonly string[], env: Record<string, string>): ServiceProcess {
  const child = spawn(process.execPath, [...SERVICE_ENTRY, ...args], {
    cwd: fileURLToPath(new URL(`../../services/${service}/`, import.meta.url)),
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...IMAGE_MEMORY_ENV, NODE_COMPILE_CACHE: COMPILE_CACHE, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output, exited: new Promise((resolve) => child.on('exit', resolve)) };
}

/**
 * Fills the compile cache with every module the service loads, as the image build does (`--help`
 * loads them all and exits), so a process started next neither strips types nor loads the stripper:
 * what a benchmark of its memory must see to measure the image.
 */
export async function warmCompileCache(service: string): Promise<void> {
  const { exited, output } = startServiceProcess(service, ['--help'], {});
  const code = await exited;
  if (code !== 0) throw new Error(`node src/main.ts --help (${service}) exited ${String(code)}:\n${output()}`);
}
