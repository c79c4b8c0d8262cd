import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildImage, type BuiltImage } from './image-build.ts';
import { buildPath, dockerfile, dockerignore, repo } from './repo-files.ts';

/** A service's image replayed into `into` (its final stage at `image.root`). */
export interface ImageTree {
  image: BuiltImage;
  into: string;
  /** Built before the test run (scripts/check-deploy.sh), so kept for the next spec: the spec removes only a tree it built. */
  prebuilt: boolean;
}

/**
 * Where scripts/check-deploy.sh builds the five trees before jest starts, so the two image specs
 * (contents, which needs no server, and start, which does) share one replay each and npm test can
 * run the first beside the faults while the shared servers are being stopped and started.
 */
const prebuiltDir = process.env.DEPLOY_IMAGE_TREES;
const METADATA = 'image.json';

async function reachableFolder(into: string): Promise<string> {
  await mkdir(into, { recursive: true });
  await chmod(into, 0o755); // the image's user must reach the tree
  return into;
}

async function replay(service: string, into: string): Promise<BuiltImage> {
  return buildImage(dockerfile, dockerignore, { context: repo, buildArgs: { SERVICE: service }, into: await reachableFolder(into), path: buildPath });
}

/** Builds every service's tree under `dir` (replaced), `concurrency` at a time, with what a spec needs to read it back. */
export async function buildImageTrees(dir: string, services: readonly string[], concurrency: number, say: (line: string) => void): Promise<void> {
  await reachableFolder(dir);
  const queue = [...services];
  const worker = async (): Promise<void> => {
    for (let service = queue.shift(); service !== undefined; service = queue.shift()) {
      const started = Date.now();
      const into = path.join(dir, service);
      await rm(into, { recursive: true, force: true });
      const { stages: _stages, ...image } = await replay(service, into);
      await writeFile(path.join(into, METADATA), JSON.stringify(image));
      say(`${service}: image tree built in ${String(Date.now() - started)} ms`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}

/** The service's tree: the one check-deploy.sh built when it says so (DEPLOY_IMAGE_TREES), else one built now in a temporary folder. */
export async function imageTree(service: string): Promise<ImageTree> {
  if (prebuiltDir !== undefined) {
    const into = path.join(prebuiltDir, service);
    const written = await readFile(path.join(into, METADATA), 'utf8').catch(() => {
      throw new Error(`DEPLOY_IMAGE_TREES=${prebuiltDir} holds no ${service} tree: scripts/check-deploy.sh builds them before jest`);
    });
    return { image: { ...(JSON.parse(written) as Omit<BuiltImage, 'stages'>), stages: new Map() }, into, prebuilt: true };
  }
  const into = await mkdtemp(path.join(tmpdir(), `boardsync-image-${service}-`));
  return { image: await replay(service, into), into, prebuilt: false };
}

/** USER uid:gid, by number (what runAsNonRoot can check). */
export function imageUser(image: BuiltImage): { uid: number; gid: number } {
  const match = /^(\d+):(\d+)$/.exec(image.user ?? '');
  if (!match) throw new Error(`USER is ${String(image.user)}, not uid:gid by number`);
  return { uid: Number(match[1]), gid: Number(match[2]) };
}
