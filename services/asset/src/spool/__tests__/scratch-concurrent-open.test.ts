import { expect, it, jest } from '@jest/globals';
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

// Holds the first scratch directory's mkdir after it happened on disk and before its caller resumes:
// the moment another open() in the same process may sweep the root.
let created: () => void = () => undefined;
const createdOnDisk = new Promise<void>((resolve) => {
  created = resolve;
});
let release: () => void = () => undefined;
const released = new Promise<void>((resolve) => {
  release = resolve;
});
let held = false;

jest.unstable_mockModule('node:fs/promises', () => ({
  ...fs,
  mkdir: async (...args: Parameters<typeof fs.mkdir>) => {
    const result = await fs.mkdir(...args);
    if (!held && /^\d+-[0-9a-f]{8}$/.test(basename(String(args[0])))) {
      held = true;
      created();
      await released;
    }
    return result;
  },
}));
const { Scratch } = await import('../scratch.ts');

it('keeps a directory another open() in this process has made but not yet returned: it carries our pid and is no leftover', async () => {
  const root = await fs.mkdtemp(join(tmpdir(), 'scratch-race-'));
  try {
    const opening = Scratch.open(root);
    await createdOnDisk;
    const second = await Scratch.open(root);
    release();
    const first = await opening;
    expect((await fs.readdir(root)).sort()).toEqual([first.dir, second.dir].map((dir) => basename(dir)).sort());
    await first.close();
    await second.close();
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
});
