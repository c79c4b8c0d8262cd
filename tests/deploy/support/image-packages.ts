import { existsSync } from 'node:fs';
import { lstat, readFile, readdir, readlink } from 'node:fs/promises';
import path from 'node:path';

/** The parts of a package-lock.json (lockfileVersion 3) an image's tree is checked against. */
export interface LockEntry {
  version?: string;
  /** Needed only as an optional dependency (e.g. another platform's binary). */
  optional?: boolean;
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

export interface Lock {
  packages: Record<string, LockEntry>;
}

/** Where npm finds `name` for the package at `from`: its own node_modules, then each one above it. */
function resolve(lock: Lock, from: string, name: string): string | undefined {
  for (let base = from; ;) {
    const candidate = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (candidate in lock.packages) return candidate;
    if (base === '') return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent >= 0 ? base.slice(0, parent) : '';
  }
}

/**
 * The lock locations a production install of `workspace` (e.g. `services/gateway`) may hold: the
 * workspace's link, then its dependencies, optional and peer dependencies, transitively (through
 * workspace links), never a devDependency of anything.
 */
export function productionClosure(lock: Lock, workspace: string): Set<string> {
  const ownLink = Object.entries(lock.packages).find(([, entry]) => entry.link === true && entry.resolved === workspace)?.[0];
  const closure = new Set<string>(ownLink ? [ownLink] : []);
  const pending = [workspace];
  for (let location = pending.pop(); location !== undefined; location = pending.pop()) {
    if (closure.has(location)) continue;
    closure.add(location);
    const entry = lock.packages[location];
    if (entry?.link === true && entry.resolved !== undefined) pending.push(entry.resolved);
    else {
      const names = Object.keys({ ...entry?.dependencies, ...entry?.optionalDependencies, ...entry?.peerDependencies });
      for (const name of names) pending.push(...[resolve(lock, location, name)].filter((found) => found !== undefined));
    }
  }
  return closure;
}

export interface InstalledPackage {
  /** package.json's version; absent for a link. */
  version?: string;
  /** A link's target, relative to the tree's root (`services/kit`). */
  linkTo?: string;
}

/** Every package in the node_modules folders of `root` (relative paths, as lock locations), links not followed. */
export async function installedPackages(root: string, folders: readonly string[]): Promise<Map<string, InstalledPackage>> {
  const found = new Map<string, InstalledPackage>();
  const visit = async (folder: string): Promise<void> => {
    if (!existsSync(path.join(root, folder))) return;
    for (const name of await readdir(path.join(root, folder))) {
      if (name.startsWith('.')) continue; // .bin, .package-lock.json
      if (name.startsWith('@')) {
        for (const scoped of await readdir(path.join(root, folder, name))) await visitPackage(`${folder}/${name}/${scoped}`);
      } else await visitPackage(`${folder}/${name}`);
    }
  };
  const visitPackage = async (location: string): Promise<void> => {
    const absolute = path.join(root, location);
    if ((await lstat(absolute)).isSymbolicLink()) {
      found.set(location, { linkTo: path.relative(root, path.resolve(path.dirname(absolute), await readlink(absolute))) });
      return;
    }
    const manifest = JSON.parse(await readFile(path.join(absolute, 'package.json'), 'utf8')) as { version?: string };
    found.set(location, manifest.version === undefined ? {} : { version: manifest.version });
    await visit(`${location}/node_modules`);
  };
  for (const folder of folders) await visit(folder);
  return found;
}
