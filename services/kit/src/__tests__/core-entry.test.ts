import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';

/**
 * `@boardsync/kit/core` is what a service without a database imports (the gateway): the ORM, its
 * drivers and undici are kept out of it because each module a process loads stays in its memory.
 * Node itself loads the entry here (not jest's module system), and a load hook lists every file.
 */
function packagesLoadedBy(entry: string): string[] {
  const listLoads = `
    const { registerHooks } = await import('node:module');
    const loaded = new Set();
    registerHooks({ load(url, context, next) { loaded.add(url); return next(url, context); } });
    await import(${JSON.stringify(entry)});
    console.log(JSON.stringify([...loaded]));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', listLoads], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`importing ${entry} failed: ${result.stderr}`);
  const urls = JSON.parse(result.stdout) as string[];
  return [...new Set(urls.flatMap((url) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? []))];
}

const entry = (file: string): string => new URL(`../${file}`, import.meta.url).href;

describe('the kit entry points', () => {
  it('core loads no ORM, database driver or HTTP client', () => {
    const loaded = packagesLoadedBy(entry('core.ts'));
    expect(loaded).toEqual(expect.arrayContaining(['koa', 'kafkajs', 'zod']));
    expect(loaded.filter((name) => /^(@mikro-orm\/|kysely$|pg$|@electric-sql\/|undici$|ioredis$|rate-limiter-flexible$)/.test(name))).toEqual([]);
  });

  it('the kit of a database service loads the ORM, but neither database driver until a database is opened, nor undici', () => {
    const loaded = packagesLoadedBy(entry('index.ts'));
    expect(loaded).toEqual(expect.arrayContaining(['@mikro-orm/core', '@mikro-orm/sql']));
    expect(loaded.filter((name) => /^(@mikro-orm\/(pglite|postgresql)|@electric-sql\/|undici$)/.test(name))).toEqual([]);
  });

  it('redis is where ioredis and the counters come in, without the ORM', () => {
    const loaded = packagesLoadedBy(entry('redis.ts'));
    expect(loaded).toEqual(expect.arrayContaining(['ioredis', 'rate-limiter-flexible']));
    expect(loaded.filter((name) => /^@mikro-orm\//.test(name))).toEqual([]);
  });

  it('outbound is where undici comes in', () => {
    expect(packagesLoadedBy(entry('outbound.ts'))).toContain('undici');
  });
});
