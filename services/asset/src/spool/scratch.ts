import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Directories this process opened and has not closed: the only ones carrying its pid that are not leftovers. */
const openedHere = new Set<string>();

/**
 * This process's private directory for spooled uploads and conversion outputs. Nothing in it
 * outlives a request (callers remove their files); the directory is removed at shutdown, and
 * those of processes that died without shutting down are removed when the next one opens.
 */
export class Scratch {
  readonly dir: string;

  private constructor(dir: string) {
    this.dir = dir;
  }

  static async open(root: string): Promise<Scratch> {
    await mkdir(root, { recursive: true, mode: 0o700 });
    await removeLeftovers(root);
    const dir = join(root, `${String(process.pid)}-${randomBytes(4).toString('hex')}`);
    // Claimed before it exists: another open() in this process sweeping the root meanwhile must not take it for a leftover.
    openedHere.add(dir);
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
    } catch (error) {
      openedHere.delete(dir);
      throw error;
    }
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
    openedHere.delete(this.dir);
  }
}

/**
 * Directories of processes that died without closing (killed, crashed): their spooled files are nobody's.
 * One carrying this process's own pid is a leftover too unless this process opened it: in a container
 * every life of the service is pid 1, and a restarted container keeps its pod's /tmp.
 */
async function removeLeftovers(root: string): Promise<void> {
  for (const entry of await readdir(root)) {
    const pid = Number(/^(\d+)-[0-9a-f]{8}$/.exec(entry)?.[1]);
    if (!Number.isInteger(pid)) continue;
    const path = join(root, entry);
    const leftover = pid === process.pid ? !openedHere.has(path) : !isAlive(pid);
    if (leftover) await rm(path, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
