import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chromium, type Browser } from 'playwright-core';
import { DOCUMENT_FILE } from '@boardsync/gateway';
import { GatewayWorld } from '../services/gateway/test/support/world.ts';

// Debian's Chromium, installed by scripts/infra (as for the sign-in pages).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const world = new GatewayWorld();
let gateway: string;
let browser: Browser;

beforeAll(async () => {
  await world.start();
  gateway = await world.gateway();
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
});

afterAll(async () => {
  await browser.close();
  await world.stop();
});

/** A raw request: the path exactly as written, whatever fetch would make of it. */
function raw(method: string, path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(gateway);
    const outgoing = request({ hostname, port, path, method }, (response) => {
      response.resume();
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers });
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('GET /openapi.json', () => {
  it('answers the committed OpenAPI 3.1 document, with no token, to any origin', async () => {
    const response = await fetch(`${gateway}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document).toEqual(JSON.parse(readFileSync(DOCUMENT_FILE, 'utf8')));
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(document.paths)).toContain('/api/v1/projects/{project}/components/batch');
  });

  it('answers HEAD, refuses other methods with 405, and is matched on the canonical path only', async () => {
    expect((await raw('HEAD', '/openapi.json')).status).toBe(200);
    const post = await raw('POST', '/openapi.json');
    expect([post.status, post.headers.allow]).toEqual([405, 'GET, HEAD']);
    expect((await raw('GET', '/docs/../openapi.json')).status).toBe(400);
    expect((await raw('GET', '/OPENAPI.JSON')).status).not.toBe(200);
  });
});

describe('GET /docs', () => {
  it('is a page that loads its script from the gateway alone, under a policy that allows nothing else', async () => {
    const response = await fetch(`${gateway}/docs`);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await response.text();
    expect(page).toContain('src="/docs/redoc.standalone.js"');
    expect(page).not.toMatch(/https?:\/\//);
    expect((await fetch(`${gateway}/docs/redoc.standalone.js`)).headers.get('content-type')).toMatch(/^application\/javascript/);
  });

  it('renders every tag of operations in Chromium with the network cut off but for the gateway', async () => {
    const context = await browser.newContext();
    const elsewhere: string[] = [];
    // Everything not on the gateway fails, as it would offline.
    await context.route('**/*', async (route) => {
      if (route.request().url().startsWith(gateway)) {
        await route.continue();
        return;
      }
      elsewhere.push(route.request().url());
      await route.abort();
    });
    const page = await context.newPage();
    try {
      await page.goto(`${gateway}/docs`);
      // Listed in the side menu (collapsed, so hidden) and as a heading of the page.
      await page.locator('h2', { hasText: 'List the designer’s projects, newest first' }).waitFor({ timeout: 30_000 });
      for (const summary of [
        'Create or update one component: a batch of one',
        'Upload an image into the project',
        'Register a public http(s) URL for some events',
        'Steps 2 and 3',
      ]) {
        expect(await page.locator('h2', { hasText: summary }).count()).toBe(1);
      }
      expect(elsewhere).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
