import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { stringify } from 'yaml';
import type { RuleGroups } from '../../support/monitoring-queries.ts';
import { repoRoot } from './render.ts';

const run = promisify(execFile);

let promtoolBinary: Promise<string> | undefined;
/** PROMTOOL from check-deploy.sh, else the one scripts/deploy-tools.sh extracts from the distribution's prometheus package. */
function promtool(): Promise<string> {
  promtoolBinary ??= process.env.PROMTOOL
    ? Promise.resolve(process.env.PROMTOOL)
    : run('bash', [join(repoRoot, 'scripts/deploy-tools.sh'), 'path', 'promtool']).then(({ stdout }) => stdout.trim());
  return promtoolBinary;
}

/**
 * `promtool <command…>` in a directory holding `rules.yaml` (the groups) and any other `files`;
 * resolves with its output, rejects with it when promtool refuses.
 */
export async function promtoolOn(groups: RuleGroups, command: readonly string[], files: Record<string, unknown> = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'boardsync-rules-'));
  try {
    await writeFile(join(dir, 'rules.yaml'), stringify(groups));
    for (const [name, content] of Object.entries(files)) await writeFile(join(dir, name), stringify(content));
    try {
      const { stdout, stderr } = await run(await promtool(), [...command], { cwd: dir });
      return `${stdout}${stderr}`;
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      throw new Error(`promtool ${command.join(' ')} refused:\n${stdout}${stderr}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
