// Writes the public contract the gateway serves: the OpenAPI 3.1 document generated from the
// services' zod schemas, and the Redoc viewer copied from the locked `redoc` package (no CDN).
// `--check` writes nothing and fails when either differs from what is committed (npm test runs it).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { DOCUMENT_FILE, VIEWER_FILE } from '@boardsync/gateway';
import { publicContract } from './public-contract.ts';

const check = process.argv.includes('--check');
const viewerSource = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

const wanted: [URL, string][] = [
  [DOCUMENT_FILE, `${JSON.stringify(publicContract(), null, 2)}\n`],
  [VIEWER_FILE, readFileSync(viewerSource, 'utf8')],
];

const stale: string[] = [];
for (const [file, content] of wanted) {
  let current: string | undefined;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === content) continue;
  if (check) stale.push(fileURLToPath(file));
  else writeFileSync(file, content);
}

if (stale.length > 0) {
  console.error(`The public contract drifted from the code: ${stale.join(', ')}.\nRun \`npm run contract\` and commit the result.`);
  process.exit(1);
}
console.log(check ? 'contract: current' : 'contract: written');
