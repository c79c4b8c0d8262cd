// Fails when package-lock.json has drifted from what `npm ci` accepts: a manifest's dependencies
// that the lock records differently, or a dependency the lock left out, such as other platforms'
// optional binaries (@swc/core-*, @bufbuild/buf-*, @unrs/resolver-binding-*), as npm 11 has done
// when it rewrote a lock. Then npm's own verdict, `npm ci --dry-run --offline` (a lock that passes
// the first checks needs nothing from the registry), for what they do not cover, such as a
// workspace the lock does not know. A few seconds; it writes nothing.
'use strict';
/* global process */
const { readFileSync } = require('node:fs');
const { spawnSync } = require('node:child_process');
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
// Every package's dependencies must be in the lock, other platforms' optional binaries among them:
// the lock is one for every machine, and npm skips the binaries that do not fit when it installs.
const kinds = [
  ['dependencies', 'dependency'],
  ['optionalDependencies', 'optional dependency'],
  ['devDependencies', 'devDependency'],
  ['peerDependencies', 'peer dependency'],
];
for (const [key, entry] of Object.entries(packages)) {
  const installsDev = !key.includes('node_modules/'); // the root's and the workspaces'; npm never installs a package's own
  for (const [field, kind] of kinds) {
    if (field === 'devDependencies' && !installsDev) continue;
    for (const name of Object.keys(entry[field] ?? {})) {
      if (field === 'peerDependencies' && entry.peerDependenciesMeta?.[name]?.optional) continue;
      if (!resolves(key, name)) problems.push(`${key || 'the root'}: ${kind} ${name} is missing from the lock`);
    }
  }
}

if (problems.length === 0) {
  const ci = spawnSync('npm', ['ci', '--dry-run', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: root, encoding: 'utf8' });
  if (ci.error) throw ci.error;
  if (ci.status !== 0) {
    // npm's reason, without the usage text it appends, the log's path or repeated lines.
    const said = ci.stderr
      .split('\n')
      .filter((line) => line.startsWith('npm error '))
      .map((line) => line.slice('npm error '.length));
    const usage = said.findIndex((line) => /^(Clean install a project|Usage:)/.test(line));
    const reason = [...new Set(said.slice(0, usage === -1 ? said.length : usage))].filter((line) => !/^(code |A complete log)/.test(line));
    problems.push(`npm ci --dry-run --offline refuses it:\n    ${reason.join('\n    ')}`);
  }
}

if (problems.length > 0) {
  console.error(`package-lock.json is out of sync (npm ci would refuse it or skip binaries):\n  ${problems.join('\n  ')}`);
  console.error('Fix: rm -rf node_modules && npm install (or npm install --package-lock-only), then commit package-lock.json.');
  process.exit(1);
}
console.log(`package-lock.json in sync: ${workspaces.length} workspaces, ${Object.keys(packages).length} entries, npm ci accepts it`);
