/**
 * Every service's image replayed once into DIR, before the image specs run (they read the trees
 * from DEPLOY_IMAGE_TREES=DIR): scripts/check-deploy.sh's first step of the images.
 *
 *   node tests/deploy/build-image-trees.ts DIR [CONCURRENCY]
 */
import { SERVICES } from '../support/standalone-env.ts';
import { buildImageTrees } from './support/image-trees.ts';

const [dir, concurrency = '2'] = process.argv.slice(2);
if (dir === undefined || !/^[1-9]$/.test(concurrency)) {
  process.stderr.write('usage: node tests/deploy/build-image-trees.ts DIR [CONCURRENCY 1-9]\n');
  process.exit(64);
}
await buildImageTrees(dir, SERVICES, Number(concurrency), (line) => process.stdout.write(`${line}\n`));
