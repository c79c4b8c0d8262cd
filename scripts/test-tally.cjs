#!/usr/bin/env node
// Adds up the jest results scripts/test.sh collected and prints the plain closing line CI reads
// in its barest form, "N passed, N failed" alone on the last line (the skipped count on the line
// before): jest's own summary is per run and not a format CI knows, and the stop whose closing line
// read "tests: N passed, N failed, N skipped" was still judged to have run no test.
'use strict';
/* global process */
const fs = require('node:fs');
const path = require('node:path');

const dir = process.argv[2];
const totals = { passed: 0, failed: 0, skipped: 0 };
for (const name of fs.readdirSync(dir).filter((file) => file.endsWith('.json'))) {
  const run = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  totals.passed += run.numPassedTests;
  totals.failed += run.numFailedTests;
  totals.skipped += run.numPendingTests + run.numTodoTests;
}
console.log(`skipped tests: ${totals.skipped}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exitCode = totals.failed === 0 && totals.passed > 0 ? 0 : 1;
