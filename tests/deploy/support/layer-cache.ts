import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { lstat, mkdir, readFile, readdir, readlink, rename, rm, stat, utimes } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';

/**
 * The replay's build cache, as a builder's layer cache works: a RUN whose every input is unchanged
 * (the instructions before it with their ARG and ENV values, the bytes of each file COPY brought
 * in, the stage it copied from) leaves the same folder, so the folder is kept under that key and
 * put back instead of running the step again. Only steps that declare a cache mount are kept
 * (`RUN --mount=type=cache`: the dependency install, which takes a minute per image); the rest
 * take a second and would cost more to store than to run.
 *
 * BOARDSYNC_IMAGE_LAYERS names the folder (default ~/.cache/boardsync/image-layers), or `off`.
 */
export class LayerCache {
  private readonly dir: string | undefined;

  private constructor(dir: string | undefined) {
    this.dir = dir;
  }

  static fromEnvironment(env: NodeJS.ProcessEnv = process.env): LayerCache {
    const setting = env.BOARDSYNC_IMAGE_LAYERS;
    if (setting === 'off') return new LayerCache(undefined);
    return new LayerCache(setting ?? path.join(homedir(), '.cache', 'boardsync', 'image-layers'));
  }

  /** Puts the folder kept under `key` in place of `root`'s content; false when none is kept. */
  async restore(key: string, root: string): Promise<boolean> {
    if (this.dir === undefined) return false;
    const kept = path.join(this.dir, key);
    if (!existsSync(kept)) return false;
    for (const entry of await readdir(root)) await rm(path.join(root, entry), { recursive: true, force: true });
    await copyTree(`${kept}/.`, root);
    const now = new Date();
    await utimes(kept, now, now); // pruning keeps what was used last
    return true;
  }

  /** Keeps `root` under `key`; a half-written copy is never under the key (renamed into place). */
  async save(key: string, root: string): Promise<void> {
    if (this.dir === undefined) return;
    await mkdir(this.dir, { recursive: true });
    const partial = path.join(this.dir, `${key}.partial-${String(process.pid)}`);
    await rm(partial, { recursive: true, force: true });
    await copyTree(root, partial);
    await rm(path.join(this.dir, key), { recursive: true, force: true });
    await rename(partial, path.join(this.dir, key));
    await this.prune();
  }

  /** The most recently used folders only: one per image and a few earlier locks' worth. */
  private async prune(keep = 12): Promise<void> {
    if (this.dir === undefined) return;
    const dir = this.dir;
    const entries = await Promise.all((await readdir(dir)).map(async (name) => ({ name, used: (await stat(path.join(dir, name))).mtimeMs })));
    const old = entries.sort((a, b) => b.used - a.used).slice(keep);
    for (const { name } of old) await rm(path.join(dir, name), { recursive: true, force: true });
  }
}

/** The key after one more input: a chain, so a change anywhere above a step changes its key. */
export function nextKey(previous: string, ...inputs: string[]): string {
  const hash = createHash('sha256').update(previous);
  for (const input of inputs) hash.update('\0').update(input);
  return hash.digest('hex');
}

/** What COPY brought in from the context: each file's path, mode and bytes (a link's target). */
export async function filesDigest(context: string, files: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) {
    const full = path.join(context, file);
    const stats = await lstat(full);
    hash.update(`${file}\0${String(stats.mode)}\0`);
    hash.update(stats.isSymbolicLink() ? await readlink(full) : await readFile(full));
  }
  return hash.digest('hex');
}

/** `cp -a`: links as links, modes kept; many times faster than fs.cp on a node_modules folder. */
export async function copyTree(from: string, to: string): Promise<void> {
  const child = spawn('cp', ['-a', from, to], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`cp -a ${from} ${to}: ${errors}`);
}
