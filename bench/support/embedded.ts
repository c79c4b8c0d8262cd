/** `npm start` (scripts/start.ts, the embedded mode) run by a benchmark: its own data directory and free ports, the demo designer's token. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventually, freePort } from '@boardsync/kit/testing';

export interface EmbeddedSystem {
  child: ChildProcess;
  /** The gateway's origin: the API under `${base}/api/v1`. */
  base: string;
  /** The demo designer's personal token, every scope (what `npm start` prints on a first start). */
  token: string;
  /** SIGTERM, waits for the exit, removes the data directory. */
  stop: () => Promise<void>;
}

const startScript = fileURLToPath(new URL('../../scripts/start.ts', import.meta.url));

/**
 * `node scripts/start.ts` (what `npm start` runs after its install check) on a fresh DATA_DIR, the
 * gateway on a free port and the services behind it on any (0), with PATH and `env` only; waits for
 * its banner's last line, which comes once the demo account exists, and reads the token from demo.json.
 * BENCH_CPU_PROF=<dir>: the process writes a V8 CPU profile there when it exits.
 */
export async function startEmbedded(env: Record<string, string>): Promise<EmbeddedSystem> {
  const dataDir = mkdtempSync(join(tmpdir(), 'boardsync-bench-embedded-'));
  const port = await freePort();
  const child = spawn(process.execPath, [startScript], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      ...Object.fromEntries(['AUTH_PORT', 'CATALOG_PORT', 'ASSET_PORT', 'WEBHOOK_PORT'].map((name) => [name, '0'])),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(process.env.BENCH_CPU_PROF ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output += chunk.toString());
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await eventually(
      () => {
        if (child.exitCode !== null) throw new Error(`npm start exited ${String(child.exitCode)}`);
        return output.includes('stop with Ctrl-C') ? true : undefined;
      },
      90_000,
      'npm start to print its banner',
    );
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}; its output:\n${output}`);
  }
  const { token } = JSON.parse(readFileSync(join(dataDir, 'demo.json'), 'utf8')) as { token: string };
  return { child, base: `http://127.0.0.1:${String(port)}`, token, stop };
}
