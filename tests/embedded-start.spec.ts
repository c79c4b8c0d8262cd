import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const startScript = fileURLToPath(new URL('../scripts/start.ts', import.meta.url));

describe('npm start (embedded mode)', () => {
  it('serves health and readiness, then drains and exits 0 on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'boardsync-embedded-'));
    const child = spawn(process.execPath, [startScript], {
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const deadline = Date.now() + 30_000;
      let base: string | undefined;
      while (!base && Date.now() < deadline) {
        base = /listening on (http:\/\/\S+)/.exec(output)?.[1];
        if (!base) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (!base) throw new Error(`never started:\n${output}`);
      expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });
      expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ok', checks: { database: 'ok', bus: 'ok' } });
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      for (const part of ['http', 'outbox relay', 'bus', 'database']) expect(output).toContain(`"part":"${part}","msg":"closed"`);
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a bad setting with one line naming it', async () => {
    const child = spawn(process.execPath, [startScript], { env: { ...process.env, PORT: 'eighty' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(78);
    expect(stderr.trim()).toMatch(/^invalid configuration: PORT: .*\(got "eighty"\)$/);
  });
});
