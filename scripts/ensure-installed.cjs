// Runs before `npm start` and `npm test` on whatever Node is first on PATH (a fresh machine may
// have an old one): installs the locked dependencies, Node 24 among them, when they are missing
// or older than the lock file. CommonJS and dependency-free on purpose.
// `npm ci`: exactly the lock, or a refusal. `npm test` checks first that the lock is in sync
// (scripts/check-lock.cjs), so a lock npm rewrote without other platforms' binaries never lands.
'use strict';
const { existsSync, statSync } = require('node:fs');
const { execSync } = require('node:child_process');
const path = require('node:path');

const root = path.join(__dirname, '..');
const lock = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules', '.package-lock.json');
const stale = !existsSync(installed) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs);
if (stale) {
  console.log('boardsync: installing dependencies (npm ci, the locked versions) …');
  execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}
