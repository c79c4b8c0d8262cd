import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const INFRA = fileURLToPath(new URL('../../infra', import.meta.url));

/** `scripts/infra stop|start SERVER`: one of the shared servers, alone. */
export function infra(command: 'stop' | 'start', server: 'postgres' | 'redis' | 'kafka' | 'minio'): void {
  const run = spawnSync('bash', [INFRA, command, server], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) throw new Error(`scripts/infra ${command} ${server} exited ${String(run.status)}`);
}

/** Seconds with one decimal, for the table. */
export const seconds = (milliseconds: number): string => `${(milliseconds / 1000).toFixed(1)} s`;
