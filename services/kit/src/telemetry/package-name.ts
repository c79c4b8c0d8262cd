import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The name of the nearest package above `file` (`@scope/name` → name); undefined when there is none. */
export function packageNameOf(file: string): string | undefined {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown };
    return typeof name === 'string' ? name.replace(/^@[^/]+\//, '') : undefined;
  }
  return undefined;
}
