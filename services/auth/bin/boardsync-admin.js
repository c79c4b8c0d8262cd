#!/usr/bin/env node
// Thin launcher: Node 24 runs the TypeScript source directly.
import '../src/cli/boardsync-admin.ts';
