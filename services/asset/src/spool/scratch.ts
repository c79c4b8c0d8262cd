import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * This process's private directory for spooled uploads and conversion outputs. Nothing in it
 * outlives a request (callers remove their files); the directory itself is emptied at start and
 * removed at shutdown, so a killed process leaves nothing the next one keeps.
 */
export class Scratch {
  readonly dir: string;

  private constructor(dir: string) {
    this.dir = dir;
  }

  static async open(root: string): Promise<Scratch> {
    const dir = join(root, `${String(process.pid)}-${randomBytes(4).toString('hex')}`);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return new Scratch(dir);
  }

  newPath(suffix = ''): string {
    return join(this.dir, `${randomBytes(12).toString('hex')}${suffix}`);
  }

  async remove(...paths: (string | undefined)[]): Promise<void> {
    await Promise.all(paths.filter((path) => path !== undefined).map((path) => rm(path, { force: true })));
  }

  async close(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}
