// Fails when package-lock.json has drifted from what `npm ci` accepts: a manifest's dependencies
// that the lock records differently, or a package's optional dependencies (other platforms'
// binaries: @swc/core-*, @bufbuild/buf-*) that the lock left out, as npm 11 does when it rewrites
// a lock over an installed tree. Offline and dependency-free: it reads the files only.
'use strict';
/* global process */
const { readFileSync } = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const packages = lock.packages ?? {};
const problems = [];

const manifest = (dir) => JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
const workspaces = Object.keys(packages).filter((key) => key !== '' && !key.includes('node_modules/'));
for (const dir of ['', ...workspaces]) {
  const wanted = manifest(dir);
  const locked = packages[dir] ?? {};
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    const a = JSON.stringify(Object.entries(wanted[field] ?? {}).sort());
    const b = JSON.stringify(Object.entries(locked[field] ?? {}).sort());
    if (a !== b) problems.push(`${dir || 'the root'}: ${field} in package.json differ from the lock's`);
  }
}

/** Where npm would find `name` from the package at `key`: its own node_modules, then each parent's, then the root's. */
function resolves(key, name) {
  for (let base = key; ; base = base.includes('/node_modules/') ? base.slice(0, base.lastIndexOf('/node_modules/')) : '') {
    if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (base === '') return false;
  }
}
for (const [key, entry] of Object.entries(packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    if (!resolves(key, name)) problems.push(`${key || 'the root'}: optional dependency ${name} is missing from the lock`);
  }
}

if (problems.length > 0) {
  console.error(`package-lock.json is out of sync (npm ci would refuse it or skip binaries):\n  ${problems.join('\n  ')}`);
  console.error('Fix: rm -rf node_modules && npm install, then commit package-lock.json.');
  process.exit(1);
}
console.log(`package-lock.json in sync: ${workspaces.length} workspaces, ${Object.keys(packages).length} entries`);
