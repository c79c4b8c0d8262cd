import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { chromium, type Browser } from 'playwright-core';
import { openIdApp } from './e2e/support/openid-app.ts';
import { EmbeddedSystem } from './support/embedded-system.ts';
import { RecordingReceiver } from './support/recording-receiver.ts';

// The settings page in a real browser (Debian's Chromium, installed by scripts/infra), on `npm start`.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const system = new EmbeddedSystem({ SSRF_ALLOW_CIDRS: '127.0.0.1/32' });
const receiver = new RecordingReceiver();
let browser: Browser;

beforeAll(async () => {
  await Promise.all([system.start(), receiver.start()]);
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
}, 120_000);

afterAll(async () => {
  await browser.close();
  await receiver.stop();
  await system.stop();
}, 60_000);

const register = async (token: string, path: string): Promise<void> => {
  const response = await fetch(`${system.gateway}/api/v1/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: receiver.url(path), events: ['components.changed', 'project.updated'] }),
  });
  expect(response.status).toBe(201);
};

it('shows the designer every webhook on the account, an app’s and a token’s, and disconnecting then deleting the app’s removes it', async () => {
  const designer = await system.designer();
  await register((await system.issueToken(['webhooks:write'], designer.id)).token, '/mine');
  const { tokens } = await openIdApp(system, designer, 'webhooks:write');
  await register(tokens.access_token, '/the-app');

  const page = await browser.newPage();
  try {
    await page.goto(`${system.gateway}/login?next=%2Fsettings`);
    await page.fill('#email', designer.email);
    await page.fill('#password', designer.password);
    await page.click('button:has-text("Sign in")');
    await page.waitForSelector('#webhooks');
    const rows = page.locator('#webhooks tr[data-webhook-id]');
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringMatching(/^Personal token “Personal token”\s+http:\/\/127\.0\.0\.1:\d+\/mine\s+components\.changed project\.updated\s+active\s+never/),
      expect.stringMatching(/^App “Print Shop Sync”\s+http:\/\/127\.0\.0\.1:\d+\/the-app\s+components\.changed project\.updated\s+active\s+never/),
    ]);

    await page.click('button:has-text("Disconnect")');
    await page.waitForSelector('text=No app has access to your account.');
    const appRow = page.locator('#webhooks tr', { hasText: 'Print Shop Sync' });
    await appRow.locator('text=stopped: access withdrawn').waitFor();
    await appRow.locator('button:has-text("Delete")').click();
    await page.waitForSelector('#webhooks');
    expect(await page.locator('#webhooks tr[data-webhook-id]').allInnerTexts()).toEqual([expect.stringContaining('/mine')]);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/settings-webhooks.png`, fullPage: true });
  } finally {
    await page.close();
  }
});
