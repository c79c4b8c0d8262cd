import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_ENTRY } from '@boardsync/kit/core';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** One process of a service, from its production entry point (`node src/main.ts [command]`), its output in a log file. */
export interface Replica {
  name: string;
  child: ChildProcess;
  logFile: string;
  exited: Promise<number | null>;
}

/**
 * Starts `node --import @boardsync/kit/telemetry/register src/main.ts [...args]` (SERVICE_ENTRY) in `services/<service>/` with only the environment given (and
 * PATH): nothing inherited can pick an adapter, as in a container. stdout and stderr go to
 * `<logDir>/<name>.log`.
 */
export function startReplica(service: string, name: string, args: readonly string[], env: Record<string, string>, logDir: string): Replica {
  const logFile = join(logDir, `${name}.log`);
  const log: WriteStream = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, [...SERVICE_ENTRY, ...args], {
    cwd: join(REPO, 'services', service),
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code, signal) => {
      log.end();
      resolve(code ?? (signal ? 128 : null));
    }),
  );
  return { name, child, logFile, exited };
}

/** A one-shot command (`migrate`, `create-topics`) run to its end; its output is shown if it fails. */
export async function runToEnd(service: string, name: string, args: readonly string[], env: Record<string, string>, logDir: string): Promise<void> {
  const replica = startReplica(service, name, args, env, logDir);
  const code = await replica.exited;
  if (code !== 0) throw new Error(`${service}: node src/main.ts ${args.join(' ')} exited ${String(code)}:\n${tail(replica.logFile)}`);
}

/** SIGTERM to each (they drain and stop), SIGKILL to any still running after `graceMs`. */
export async function stopAll(replicas: readonly Replica[], graceMs = 20_000): Promise<void> {
  for (const replica of replicas) if (replica.child.exitCode === null) replica.child.kill('SIGTERM');
  const killer = setTimeout(() => {
    for (const replica of replicas) if (replica.child.exitCode === null) replica.child.kill('SIGKILL');
  }, graceMs);
  await Promise.all(replicas.map((replica) => replica.exited));
  clearTimeout(killer);
}

/** The last lines of a log, for an error message. */
export function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
}
