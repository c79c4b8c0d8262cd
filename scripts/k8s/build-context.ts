/**
 * Copies into DIR exactly the build context docker would send for docker/Dockerfile: the files the
 * root .dockerignore (an allow-list) lets in, by the rules tests/deploy applies to it. buildah 1.28
 * (Debian bookworm's) does not descend into a directory that `*` excludes to find what a later `!`
 * line lets back in ("no items matching glob"), so it is given the filtered tree instead.
 *
 *   node scripts/k8s/build-context.ts SOURCE DIR
 */
import { copyFile, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { contextRules } from '../../tests/deploy/support/dockerfile-ignore.ts';
import { contextFiles } from '../../tests/deploy/support/image-build.ts';

const [source, target] = process.argv.slice(2);
if (!source || !target) throw new Error('usage: node scripts/k8s/build-context.ts SOURCE DIR');
const rules = contextRules(await readFile(path.join(source, '.dockerignore'), 'utf8'));
await rm(target, { recursive: true, force: true });
const files = await contextFiles(source, rules, '.');
for (const file of files) {
  await mkdir(path.dirname(path.join(target, file)), { recursive: true });
  await copyFile(path.join(source, file), path.join(target, file));
}
await mkdir(path.join(target, 'docker'), { recursive: true });
await copyFile(path.join(source, 'docker', 'Dockerfile'), path.join(target, 'docker', 'Dockerfile'));
process.stdout.write(`${String(files.length)} files\n`);
