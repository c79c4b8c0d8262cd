// Builds the package from src/ twice, each with its declarations: ES modules in dist/esm and
// CommonJS in dist/cjs. TypeScript picks a file's module format from the nearest package.json, so
// the CommonJS build compiles a copy of src/ placed under a `"type": "commonjs"` one.
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';

process.chdir(fileURLToPath(new URL('.', import.meta.url)));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compile = (project) => execFileSync(process.execPath, [tsc, '-p', project], { stdio: 'inherit' });
const COMMONJS = '{ "type": "commonjs" }\n';

rmSync('dist', { recursive: true, force: true });
compile('tsconfig.build.json');

rmSync('.cjs-build', { recursive: true, force: true });
try {
  cpSync('src', '.cjs-build/src', { recursive: true, filter: (path) => !path.includes('__tests__') });
  writeFileSync('.cjs-build/package.json', COMMONJS);
  compile('tsconfig.build-cjs.json');
  writeFileSync('dist/cjs/package.json', COMMONJS);
} finally {
  rmSync('.cjs-build', { recursive: true, force: true });
}
// Incremental build state is no part of the package.
for (const state of ['dist/tsconfig.build.tsbuildinfo', 'dist/cjs/tsconfig.build-cjs.tsbuildinfo']) rmSync(state, { force: true });
