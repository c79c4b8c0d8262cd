// Runs before `npm start` and `npm test` on whatever Node is first on PATH (a fresh machine may
// have an old one): installs the locked dependencies, Node 24 among them, when they are missing
// or older than the lock file. CommonJS and dependency-free on purpose.
// `npm ci` where there is a lock: exactly its versions, or a refusal when it is out of sync (it
// empties node_modules first); `npm test` checks the lock too (scripts/check-lock.cjs), so a lock
// out of sync is found where it was made. Without a lock, `npm install` writes one.
'use strict';
const { existsSync, statSync } = require('node:fs');
const { execSync } = require('node:child_process');
const path = require('node:path');

const root = path.join(__dirname, '..');
const lock = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules', '.package-lock.json');
const locked = existsSync(lock);
const stale = !existsSync(installed) || (locked && statSync(lock).mtimeMs > statSync(installed).mtimeMs);
if (stale) {
  const command = locked ? 'npm ci' : 'npm install';
  console.log(`boardsync: installing dependencies (${command}${locked ? ', the locked versions' : ''}) …`);
  execSync(`${command} --no-audit --no-fund`, { cwd: root, stdio: 'inherit' });
}
