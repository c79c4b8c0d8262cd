import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rawRequest } from './support/raw-http.ts';
import { GatewayWorld } from './support/world.ts';

// The embedded mode's /assets/<key>: files under ASSET_FILES_DIR, public, streamed from disk.
const world = new GatewayWorld();
const SECRET = 'TOP-SECRET-BYTES';
const KEY = 'designers/42/projects/7/0192f3a1c2d3/card.png';
const SVG_KEY = 'designers/42/projects/7/0192f3a1c2d4/logo.svg';
const CARD = randomBytes(300 * 1024);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>';
let scratch: string;
let gateway: string;
let withoutFiles: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'stored-files-'));
  const root = path.join(scratch, 'files');
  const write = async (relative: string, content: string | Buffer): Promise<void> => {
    await mkdir(path.dirname(path.join(scratch, relative)), { recursive: true });
    await writeFile(path.join(scratch, relative), content);
  };
  await write(`files/${KEY}`, CARD);
  await write(`files/${SVG_KEY}`, SVG);
  // Things a hostile target would like to reach: beside the root, in it but outside designers/, and through links.
  await write('admin-token', SECRET);
  await write('outside.png', SECRET);
  await write('outside-dir/a.png', SECRET);
  await write('files/secrets.png', SECRET);
  await write('files/designers/1/notes.txt', SECRET);
  await mkdir(path.join(root, 'designers/1/folder.png'), { recursive: true });
  await symlink(path.join(scratch, 'outside.png'), path.join(root, 'designers/1/link.png'));
  await symlink(path.join(root, KEY), path.join(root, 'designers/1/inside-link.png'));
  await symlink(path.join(scratch, 'outside-dir'), path.join(root, 'designers/9'));
  execFileSync('mkfifo', [path.join(root, 'designers/1/pipe.png')]);

  await world.start();
  // A read budget of one a minute: stored files must not count against it (or need a token at all).
  gateway = await world.gateway({ readsPerMinute: 1, writesPerMinute: 1 }, { assetFilesDir: root });
  withoutFiles = await world.gateway();
});
afterAll(async () => {
  await world.stop();
  await rm(scratch, { recursive: true, force: true });
});

describe('GET and HEAD /assets/<key>', () => {
  it('serves the file byte for byte with its type, the sandbox CSP, nosniff and cache headers, without a token or the rate limit', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await fetch(`${gateway}/assets/${KEY}`);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(CARD)).toBe(true);
      expect(Object.fromEntries(response.headers)).toMatchObject({
        'content-type': 'image/png',
        'content-length': String(CARD.length),
        'content-security-policy': "default-src 'none'; sandbox",
        'x-content-type-options': 'nosniff',
        'cache-control': 'public, max-age=300',
      });
      expect(response.headers.get('last-modified')).toMatch(/GMT$/);
      expect(response.headers.get('etag')).toMatch(/^W\/"/);
      expect(response.headers.get('ratelimit-limit')).toBeNull();
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await fetch(`${gateway}/assets/${KEY}`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(CARD.length));
    expect(response.headers.get('content-type')).toBe('image/png');
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('serves an SVG as image/svg+xml under the sandbox CSP', async () => {
    const response = await fetch(`${gateway}/assets/${SVG_KEY}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe(SVG);
  });

  it('answers 304 to a client whose copy is current', async () => {
    // Raw requests: fetch adds Cache-Control: no-cache to conditional requests, which always asks for the whole file.
    const first = await rawRequest(gateway, 'HEAD', `/assets/${KEY}`);
    const { 'last-modified': lastModified = '', etag = '' } = first.headers;
    const byTime = await rawRequest(gateway, 'GET', `/assets/${KEY}`, { 'If-Modified-Since': lastModified });
    expect(byTime).toMatchObject({ status: 304, body: '' });
    const byTag = await rawRequest(gateway, 'GET', `/assets/${KEY}`, { 'If-None-Match': etag });
    expect(byTag).toMatchObject({ status: 304, body: '' });
    expect(byTag.headers.etag).toBe(etag);
    const stale = await rawRequest(gateway, 'GET', `/assets/${KEY}`, { 'If-None-Match': 'W/"other"' });
    expect(stale.status).toBe(200);
    expect(Buffer.from(stale.body, 'latin1').equals(CARD)).toBe(true);
  });

  it('refuses other methods with 405 and Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const answer = await rawRequest(gateway, method, `/assets/${KEY}`, {}, method === 'OPTIONS' ? '' : '{}');
      expect({ method, status: answer.status, allow: answer.headers.allow }).toEqual({ method, status: 405, allow: 'GET, HEAD' });
      expect(answer.headers['content-type']).toBe('application/problem+json');
    }
  });

  it('answers a problem+json 404 for an absent key', async () => {
    const response = await fetch(`${gateway}/assets/designers/42/projects/7/0192f3a1c2d3/missing.png`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ code: 'not_found', status: 404 });
  });

  it.each([
    ['/assets/../admin-token', 400],
    ['/assets/designers/%2e%2e/x', 400],
    ['/assets/designers/1/..%2f..%2fsecrets', 400],
    ['/assets/designers/1/x.png%00.txt', 400],
    ['/assets/designers//1/x.png', 400],
    ['/assets/designers/1/..\\..\\admin-token', 400],
    ['/assets/secrets.png', 404],
    ['/assets/designers/../secrets.png', 400],
    ['/assets/designers/1/link.png', 404],
    ['/assets/designers/1/inside-link.png', 404],
    ['/assets/designers/9/a.png', 404],
    ['/assets/designers/1/notes.txt', 404],
    ['/assets/designers/1/folder.png', 404],
    ['/assets/designers/1/pipe.png', 404],
    ['/assets/designers/1/folder.png/', 404],
    ['/assets/designers/1/.hidden.png', 404],
    ['/assets/designers/1/%6cink.png', 404],
    ['/assets/designers/1/link.png;x', 404],
    ['/assets/designers', 404],
    ['/assets/', 404],
    [`/assets/designers/${'a'.repeat(256)}.png`, 404],
  ])('never serves %s (answers %d)', async (target, status) => {
    const answer = await rawRequest(gateway, 'GET', target);
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(answer.body).not.toContain(SECRET);
  });

  it('has no /assets/ route when ASSET_FILES_DIR is unset', async () => {
    const response = await fetch(`${withoutFiles}/assets/${KEY}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
  });
});
