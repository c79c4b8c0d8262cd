import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

/** A service's `src/main.ts` running as its own process, its stdout and stderr kept. */
export interface ServiceProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * `node src/main.ts [args]` from `services/<service>/`, as the images run it, with only the
 * environment given (and PATH): nothing inherited can choose an adapter or satisfy a variable the
 * process must not need.
 */
export function startServiceProcess(service: string, args: readonly string[], env: Record<string, string>): ServiceProcess {
  const child = spawn(process.execPath, ['src/main.ts', ...args], {
    cwd: fileURLToPath(new URL(`../../services/${service}/`, import.meta.url)),
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output, exited: new Promise((resolve) => child.on('exit', resolve)) };
}
