import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as oidc from 'openid-client';
import { chromium } from 'playwright-core';
import { eventually } from '@boardsync/kit/testing';
import { openIdApp } from './e2e/support/openid-app.ts';
import { EmbeddedSystem } from './support/embedded-system.ts';
import { FormClient, hiddenFields } from './support/form-client.ts';
import { RecordingReceiver } from './support/recording-receiver.ts';
import { RunningSystem } from './support/running-system.ts';

// The settings page in a real browser: Debian's Chromium, installed by scripts/infra.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ADMIN_CLI = fileURLToPath(new URL('../services/auth/bin/boardsync-admin.js', import.meta.url));
// Retries 3 s apart: a revocation's event arrives well before the next attempt would go.
const WEBHOOK_SETTINGS = { SSRF_ALLOW_CIDRS: '127.0.0.1/32', WEBHOOK_RETRY_DELAYS: '3s,3s,3s' };
const WRITER_SCOPES = ['projects:write', 'components:write'];

type System = RunningSystem | EmbeddedSystem;
type Designer = { id: number; email: string; password: string };

interface AccountWebhook {
  id: number;
  state: string;
  registrant: string;
}

/**
 * Consent ends every flow of data, end to end through the gateway: after each way a designer's
 * consent can end — a personal token revoked, an app disconnected on /settings, a refresh token
 * presented twice, the app deleted by an operator — what that token or app registered receives
 * nothing of later writes, its queued retries are dropped, and the designer's other webhooks keep
 * receiving. On the deployed services (Postgres, Kafka) and on `npm start` (PGlite, in-process bus).
 */
describe.each([
  ['postgres+kafka, each service its own process', () => new RunningSystem({ webhook: WEBHOOK_SETTINGS })],
  ['npm start (embedded)', () => new EmbeddedSystem(WEBHOOK_SETTINGS)],
])('consent on %s', (_name, make) => {
  const system: System = make();
  const receiver = new RecordingReceiver();

  beforeAll(async () => {
    await Promise.all([system.start(), receiver.start()]);
  }, 180_000);

  afterAll(async () => {
    await receiver.stop();
    await system.stop();
  }, 60_000);

  const api = async (token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> => {
    const response = await fetch(`${system.gateway}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const register = async (token: string, path: string): Promise<number> => {
    const created = await api(token, 'POST', '/webhooks', { url: receiver.url(path), events: ['components.changed'] });
    expect(created.status).toBe(201);
    return created.body.id as number;
  };
  const accountWebhooks = async (designerId: number): Promise<AccountWebhook[]> => {
    const response = await fetch(`${system.internalOrigin('webhook')}/admin/webhooks?designer=${String(designerId)}`, {
      headers: { authorization: `Bearer ${system.adminToken()}` },
    });
    return ((await response.json()) as { data: AccountWebhook[] }).data;
  };
  const stateOf = async (designerId: number, webhookId: number): Promise<string | undefined> =>
    (await accountWebhooks(designerId)).find((hook) => hook.id === webhookId)?.state;

  /** A designer with a project, a writer token, and a webhook of their own at `/<designer>/own`. */
  const account = async (): Promise<{ designer: Designer; writer: string; project: number; own: string; write: (name: string) => Promise<void> }> => {
    const designer = await system.designer();
    const writer = (await system.issueToken(WRITER_SCOPES, designer.id)).token;
    const own = `/${String(designer.id)}/own`;
    await register((await system.issueToken(['webhooks:write'], designer.id)).token, own);
    const project = ((await api(writer, 'POST', '/projects', { name: 'Consent' })).body.data as { id: number }).id;
    const write = async (name: string): Promise<void> => {
      const written = await api(writer, 'POST', `/projects/${String(project)}/components/batch`, { type: 'card', components: [{ unique_id: name, name }] });
      expect(written.status).toBeLessThan(300);
    };
    return { designer, writer, project, own, write };
  };
  /** Writes `name` and waits until the designer's own webhook has it: every webhook's delivery of that write has been decided by then. */
  const writeAndSettle = async (context: Awaited<ReturnType<typeof account>>, name: string): Promise<void> => {
    await context.write(name);
    await eventually(() => (receiver.saw(context.own, name) ? true : undefined), 30_000, `${name} at the designer's own webhook`);
    await sleep(1_000);
  };
  /** The gateway forgets a revoked token once auth's revocation reaches it (at once embedded; over Kafka, a moment later). */
  const refused = (token: string): Promise<true> =>
    eventually(async () => ((await api(token, 'GET', '/webhooks')).status === 401 ? true : undefined), 10_000, 'the revoked token to be refused');
  const signedIn = async (designer: Designer): Promise<FormClient> => {
    const browser = new FormClient(system.gateway);
    const login = await (await browser.get('/login')).text();
    const answer = await browser.post('/login', [...Object.entries(hiddenFields(login)), ['email', designer.email], ['password', designer.password]]);
    expect(answer.status).toBe(303);
    return browser;
  };
  const submit = async (browser: FormClient, page: string, action: string): Promise<void> => {
    expect(page).toContain(`action="${action}"`);
    expect((await browser.post(action, [['csrf', hiddenFields(page).csrf ?? '']])).status).toBe(303);
  };

  it('a personal token revoked: its webhook receives nothing of later writes and says so; the designer’s own keep receiving', async () => {
    const context = await account();
    const hook = await system.issueToken(['webhooks:write'], context.designer.id);
    const path = `/${String(context.designer.id)}/pat`;
    const id = await register(hook.token, path);
    await writeAndSettle(context, 'Before revocation');
    expect(receiver.saw(path, 'Before revocation')).toBe(true);

    await system.admin('DELETE', `/tokens/${String(hook.id)}`);
    await refused(hook.token);
    await writeAndSettle(context, 'Secret plans');
    expect(receiver.saw(path, 'Secret plans')).toBe(false);
    expect(await stateOf(context.designer.id, id)).toBe('consent_withdrawn');
  });

  it('a personal token revoked while its deliveries wait for a retry: the queued retries are dropped, not sent', async () => {
    const context = await account();
    const hook = await system.issueToken(['webhooks:write'], context.designer.id);
    const path = `/${String(context.designer.id)}/flaky`;
    receiver.answer(path, 503);
    const id = await register(hook.token, path);
    await context.write('Retried card');
    await eventually(() => (receiver.saw(path, 'Retried card') ? true : undefined), 30_000, 'the first attempt');
    await system.admin('DELETE', `/tokens/${String(hook.id)}`);
    await eventually(async () => ((await stateOf(context.designer.id, id)) === 'consent_withdrawn' ? true : undefined), 10_000, 'the webhook to stop');
    // Three retries, 3 s apart, would have come by now.
    await sleep(7_000);
    expect(receiver.bodies(path)).toHaveLength(1);
  });

  it('a personal token revoked while it follows the changes feed: its stream and its held long-poll end within seconds; the designer’s other token follows on', async () => {
    const context = await account();
    const reader = await system.issueToken(['components:read'], context.designer.id);
    const other = (await system.issueToken(['components:read'], context.designer.id)).token;
    const head = (await api(reader.token, 'GET', '/changes/head')).body.cursor as string;
    // Bounded well below the streams' own end (60 s) and the long-poll's wait: only the revocation can end them in time.
    const follow = (token: string, accept: string): Promise<Response> =>
      fetch(`${system.gateway}/api/v1/changes?after=${head}&wait=60`, {
        headers: { authorization: `Bearer ${token}`, accept },
        signal: AbortSignal.timeout(20_000),
      });
    const stream = await follow(reader.token, 'text/event-stream');
    const otherStream = await follow(other, 'text/event-stream');
    expect([stream.status, otherStream.status]).toEqual([200, 200]);
    const longPoll = follow(reader.token, 'application/json');
    await sleep(1_000);

    await system.admin('DELETE', `/tokens/${String(reader.id)}`);
    expect(await stream.text()).toMatch(/^retry: /);
    const polled = await longPoll;
    expect([polled.status, ((await polled.json()) as { code?: string }).code]).toEqual([401, 'unauthenticated']);
    expect((await follow(reader.token, 'text/event-stream')).status).toBe(401);

    await context.write('Still followed');
    const seen = new TextDecoder();
    let text = '';
    for await (const chunk of otherStream.body as unknown as AsyncIterable<Uint8Array>) {
      text += seen.decode(chunk, { stream: true });
      if (text.includes('Still followed')) break;
    }
    expect(text).toContain('event: change');
  });

  it('an app disconnected on /settings: its webhook receives nothing more, and the designer deletes it there', async () => {
    const context = await account();
    const { tokens } = await openIdApp(system, context.designer, 'webhooks:write');
    const path = `/${String(context.designer.id)}/app`;
    const id = await register(tokens.access_token, path);
    await writeAndSettle(context, 'Shared with the app');
    expect(receiver.saw(path, 'Shared with the app')).toBe(true);

    const browser = await signedIn(context.designer);
    const settings = await (await browser.get('/settings')).text();
    const disconnect = /action="(\/settings\/connected\/\d+\/revoke)"/.exec(settings)?.[1] ?? 'no disconnect form';
    await submit(browser, settings, disconnect);
    await refused(tokens.access_token);
    await writeAndSettle(context, 'After disconnecting');
    expect(receiver.saw(path, 'After disconnecting')).toBe(false);
    expect(await stateOf(context.designer.id, id)).toBe('consent_withdrawn');

    const after = await (await browser.get('/settings')).text();
    expect(after).toContain(receiver.url(path));
    expect(after).toContain('App “Print Shop Sync”');
    expect(after).toContain('stopped: access withdrawn');
    await submit(browser, after, `/settings/webhooks/${String(id)}/delete`);
    expect((await accountWebhooks(context.designer.id)).map((hook) => hook.id)).not.toContain(id);
  });

  it('a refresh token presented twice: the grant is revoked and its webhook receives nothing more', async () => {
    const context = await account();
    const { config, tokens } = await openIdApp(system, context.designer, 'webhooks:write');
    const path = `/${String(context.designer.id)}/stolen`;
    const id = await register(tokens.access_token, path);
    const spent = tokens.refresh_token ?? '';
    await oidc.refreshTokenGrant(config, spent);
    await expect(oidc.refreshTokenGrant(config, spent)).rejects.toThrow();
    await writeAndSettle(context, 'After the reuse');
    expect(receiver.saw(path, 'After the reuse')).toBe(false);
    expect(await stateOf(context.designer.id, id)).toBe('consent_withdrawn');
  });

  it('an app deleted by an operator: its webhooks on every account receive nothing more', async () => {
    const context = await account();
    const { clientId, tokens } = await openIdApp(system, context.designer, 'webhooks:write');
    const path = `/${String(context.designer.id)}/deleted-app`;
    const id = await register(tokens.access_token, path);
    expect(await system.admin('DELETE', `/apps/${clientId}`)).toEqual({ deleted: true, revoked_grants: 1 });
    await writeAndSettle(context, 'After the deletion');
    expect(receiver.saw(path, 'After the deletion')).toBe(false);
    expect(await stateOf(context.designer.id, id)).toBe('consent_withdrawn');
  });

  it('lets an operator list every webhook on an account with boardsync-admin, whichever app or token registered it, and delete one', async () => {
    const context = await account();
    const { tokens } = await openIdApp(system, context.designer, 'webhooks:write');
    const appHook = await register(tokens.access_token, `/${String(context.designer.id)}/listed`);
    const admin = async (...args: string[]): Promise<unknown> => {
      const { stdout } = await promisify(execFile)(process.execPath, [ADMIN_CLI, 'webhook', ...args], {
        env: { ...process.env, BOARDSYNC_WEBHOOK_ADMIN_URL: system.internalOrigin('webhook'), BOARDSYNC_ADMIN_TOKEN: system.adminToken() },
      });
      return JSON.parse(stdout);
    };
    const listed = (await admin('list', '--designer', String(context.designer.id))) as { data: { id: number; app: string; state: string }[] };
    expect(listed.data).toEqual([
      expect.objectContaining({ app: 'api:personal', state: 'active' }),
      expect.objectContaining({ id: appHook, app: expect.stringMatching(/^api:/) as unknown, state: 'active' }),
    ]);
    expect(await admin('delete', '--id', String(appHook))).toEqual({ deleted: true });
    expect((await accountWebhooks(context.designer.id)).map((hook) => hook.id)).not.toContain(appHook);
  });

  it('shows the designer every webhook on the account in a real browser, an app’s and a token’s; disconnecting then deleting the app’s removes it', async () => {
    const designer = await system.designer();
    const mine = `/${String(designer.id)}/mine`;
    const theApps = `/${String(designer.id)}/the-app`;
    await register((await system.issueToken(['webhooks:write'], designer.id)).token, mine);
    const { tokens } = await openIdApp(system, designer, 'webhooks:write');
    await register(tokens.access_token, theApps);

    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      await page.goto(`${system.gateway}/login?next=%2Fsettings`);
      await page.fill('#email', designer.email);
      await page.fill('#password', designer.password);
      await page.click('button:has-text("Sign in")');
      await page.waitForSelector('#webhooks');
      const texts = await page.locator('#webhooks tr[data-webhook-id]').allInnerTexts();
      expect(texts).toHaveLength(2);
      expect(texts[0]).toMatch(/^Personal token “Personal token”/);
      expect(texts[0]).toContain(receiver.url(mine));
      expect(texts[1]).toMatch(/^App “Print Shop Sync”/);
      expect(texts[1]).toContain(receiver.url(theApps));
      for (const text of texts) expect(text).toMatch(/components\.changed\s+active\s+never/);

      await page.click('button:has-text("Disconnect")');
      await page.waitForSelector('text=No app has access to your account.');
      const appRow = page.locator('#webhooks tr', { hasText: 'Print Shop Sync' });
      // The webhook service hears of it through auth's event (over Kafka, a moment later): the designer reloads.
      await eventually(
        async () => {
          if ((await appRow.innerText()).includes('stopped: access withdrawn')) return true;
          await page.reload();
          return undefined;
        },
        15_000,
        'the app’s webhook shown stopped',
      );
      await appRow.locator('button:has-text("Delete")').click();
      await page.waitForSelector('#webhooks');
      expect(await page.locator('#webhooks tr[data-webhook-id]').allInnerTexts()).toEqual([expect.stringContaining(mine)]);
    } finally {
      await browser.close();
    }
  });
});
