import { describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Scratch } from '../scratch.ts';

async function withRoot(run: (root: string) => Promise<void>): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'scratch-test-'));
  try {
    await run(root);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

describe('Scratch leftovers', () => {
  it('removes a directory with its own pid that it did not open: the previous life of a restarted container, where every life is pid 1', () =>
    withRoot(async (root) => {
      const previousLife = join(root, `${String(process.pid)}-0badc0de`);
      await mkdir(previousLife);
      await writeFile(join(previousLife, 'spooled-upload'), 'bytes nobody will read');

      const scratch = await Scratch.open(root);

      expect(await readdir(root)).toEqual([scratch.dir.slice(root.length + 1)]);
      await scratch.close();
    }));

  it('keeps the directories this process opened and has not closed, and those of live processes', () =>
    withRoot(async (root) => {
      const first = await Scratch.open(root);
      const parent = join(root, `${String(process.ppid)}-00c0ffee`);
      await mkdir(parent);

      const second = await Scratch.open(root);

      expect((await readdir(root)).sort()).toEqual([first.dir, second.dir, parent].map((dir) => dir.slice(root.length + 1)).sort());
      await first.close();
      await second.close();
    }));

  it('removes the directory of a process that is gone', () =>
    withRoot(async (root) => {
      // Far above any pid_max a kernel allows (2^22): no process has it.
      const dead = join(root, '99999999-deadbeef');
      await mkdir(dead);

      const scratch = await Scratch.open(root);

      expect(await readdir(root)).toEqual([scratch.dir.slice(root.length + 1)]);
      await scratch.close();
    }));
});
