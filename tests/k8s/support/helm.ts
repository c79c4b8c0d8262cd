import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** `helm upgrade --reuse-values` of the release with more `--set`s (scripts/k8s/release.ts upgrade). */
export function helmUpgrade(sets: string[]): void {
  const run = spawnSync(process.execPath, ['scripts/k8s/release.ts', 'upgrade', ...sets], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0) throw new Error(`helm upgrade ${sets.join(' ')} failed (exit ${String(run.status)})`);
}
