import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDockerfile } from './dockerfile.ts';
import type { Lock } from './image-packages.ts';

/** The files of this checkout that describe its images: the Dockerfile, .dockerignore, the root manifest and the lock. */
export const repo = fileURLToPath(new URL('../../../', import.meta.url));
export const dockerfile = parseDockerfile(readFileSync(path.join(repo, 'docker/Dockerfile'), 'utf8'));
export const dockerignore = readFileSync(path.join(repo, '.dockerignore'), 'utf8');
export interface Manifest {
  version: string;
  devDependencies?: Record<string, string>;
}
export const rootManifest = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as Manifest;
export const lock = JSON.parse(readFileSync(path.join(repo, 'package-lock.json'), 'utf8')) as Lock;
/** The node running this test (the project's pinned one) and this machine's npm stand in for the image's. */
export const nodeDir = path.dirname(process.execPath);
export const buildPath = `${nodeDir}:${process.env.PATH ?? ''}`;
