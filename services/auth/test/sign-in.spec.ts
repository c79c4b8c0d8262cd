import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { uniqueName } from '@boardsync/kit/testing';
import { FormClient, hiddenFields } from '../../../tests/support/form-client.ts';
import { SIGN_IN_BUDGETS } from '../src/throttles/throttles.ts';
import { AuthAlone, PASSWORD, addressSequence, type AuthReplica } from './support/auth-alone.ts';

// Sign-in throttling and the pages' cookies, on auth alone: the test plays the gateway (X-Forwarded-*).
const world = new AuthAlone();
let auth: AuthReplica;

beforeAll(async () => {
  await world.start();
  auth = await world.replica(world.redis);
});

afterAll(() => world.stop());

/** A client address of its own for each browser or request. */
const freshAddress = addressSequence('198.51');

function browserFrom(address: string, replica: AuthReplica = auth, proto: 'http' | 'https' = 'http'): FormClient {
  return new FormClient(replica.public.url, { 'x-forwarded-for': address, 'x-forwarded-proto': proto });
}

/** Submits the sign-in form as this browser (fetching the form first for its CSRF fields). */
async function signIn(browser: FormClient, email: string, password: string): Promise<Response> {
  const form = hiddenFields(await (await browser.get('/login')).text());
  return browser.post('/login', [...Object.entries(form), ['email', email], ['password', password]]);
}

/** `count` failed sign-ins, each answered 401. */
async function fail(browser: FormClient, email: string, count: number): Promise<void> {
  for (let attempt = 0; attempt < count; attempt += 1) {
    expect((await signIn(browser, email, 'not the password')).status).toBe(401);
  }
}

async function expectThrottled(response: Response, windowSeconds: number): Promise<void> {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const page = await response.text();
  expect(page).toContain('Too many failed sign-in attempts');
  expect(page).toContain('name="email"');
}

const ACCOUNT = SIGN_IN_BUDGETS.account;
const ADDRESS = SIGN_IN_BUDGETS.ip;

describe('sign-in throttling per account', () => {
  it(`refuses an account after ${String(ACCOUNT.failures)} failures, even the right password from another address`, async () => {
    const designer = await world.designer(auth);
    await fail(browserFrom(freshAddress()), designer.email, ACCOUNT.failures);
    await expectThrottled(await signIn(browserFrom(freshAddress()), designer.email, PASSWORD), ACCOUNT.windowSeconds);

    const other = await world.designer(auth);
    expect((await signIn(browserFrom(freshAddress()), other.email, PASSWORD)).status).toBe(303);
  });

  it('counts an unknown email exactly like a known one, so the answer reveals no account', async () => {
    const browser = browserFrom(freshAddress());
    const nobody = `${uniqueName('nobody')}@example.com`;
    await fail(browser, nobody, ACCOUNT.failures);
    await expectThrottled(await signIn(browser, nobody, 'not the password'), ACCOUNT.windowSeconds);
  });

  it("a successful sign-in forgets the account's earlier failures", async () => {
    const designer = await world.designer(auth);
    const browser = browserFrom(freshAddress());
    await fail(browser, designer.email, ACCOUNT.failures - 1);
    expect((await signIn(browser, designer.email, PASSWORD)).status).toBe(303);
    await fail(browserFrom(freshAddress()), designer.email, ACCOUNT.failures);
    await expectThrottled(await signIn(browserFrom(freshAddress()), designer.email, PASSWORD), ACCOUNT.windowSeconds);
  });

  it('parallel guesses cannot outrun the budget', async () => {
    const designer = await world.designer(auth);
    const browser = browserFrom(freshAddress());
    const form = hiddenFields(await (await browser.get('/login')).text());
    const guesses = await Promise.all(
      Array.from({ length: 3 * ACCOUNT.failures }, (_, index) =>
        browser.post('/login', [...Object.entries(form), ['email', designer.email], ['password', `guess ${String(index)}`]]),
      ),
    );
    const statuses = guesses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(ACCOUNT.failures);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * ACCOUNT.failures);
  });

  it('replicas sharing Redis share the count; a replica without Redis counts alone', async () => {
    const designer = await world.designer(auth);
    await fail(browserFrom(freshAddress()), designer.email, ACCOUNT.failures);
    // Counted under this run's REDIS_KEY_PREFIX, by digest (no email in Redis).
    const keys = await world.redis.keys(`${world.namespace}:auth:throttle:sign-in:account:*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(' ')).not.toContain('@');
    const sharing = await world.replica(world.redis);
    await expectThrottled(await signIn(browserFrom(freshAddress(), sharing), designer.email, PASSWORD), ACCOUNT.windowSeconds);
    const alone = await world.replica();
    expect((await signIn(browserFrom(freshAddress(), alone), designer.email, PASSWORD)).status).toBe(303);
  });
});

describe('sign-in throttling per client address', () => {
  it(`refuses an address after ${String(ADDRESS.failures)} failures across accounts; other addresses sign in`, async () => {
    const address = freshAddress();
    const browser = browserFrom(address);
    const form = hiddenFields(await (await browser.get('/login')).text());
    for (let attempt = 0; attempt < ADDRESS.failures; attempt += 1) {
      const response = await browser.post('/login', [...Object.entries(form), ['email', `${uniqueName('guess')}@example.com`], ['password', 'guess']]);
      expect(response.status).toBe(401);
    }
    const designer = await world.designer(auth);
    await expectThrottled(await signIn(browserFrom(address), designer.email, PASSWORD), ADDRESS.windowSeconds);
    expect((await signIn(browserFrom(freshAddress()), designer.email, PASSWORD)).status).toBe(303);
  });

  it('successful sign-ins spend nothing', async () => {
    const address = freshAddress();
    const designer = await world.designer(auth);
    for (let attempt = 0; attempt <= ADDRESS.failures; attempt += 1) {
      expect((await signIn(browserFrom(address), designer.email, PASSWORD)).status).toBe(303);
    }
  });
});

describe('cookies', () => {
  function cookieLine(response: Response, name: string): string {
    const line = response.headers.getSetCookie().find((candidate) => candidate.startsWith(`${name}=`));
    if (line === undefined) throw new Error(`no ${name} cookie in ${JSON.stringify(response.headers.getSetCookie())}`);
    return line;
  }

  it('over https: __Host- names, Secure, Path=/, no Domain; the session works under that name', async () => {
    const designer = await world.designer(auth);
    const browser = browserFrom(freshAddress(), auth, 'https');
    const page = await browser.get('/login');
    const csrf = cookieLine(page, '__Host-bs_csrf');
    expect(csrf).toMatch(/; secure/i);
    expect(csrf).toMatch(/; path=\/(;|$)/i);
    expect(csrf).not.toMatch(/domain=/i);

    const form = hiddenFields(await page.text());
    const answer = await browser.post('/login', [...Object.entries(form), ['email', designer.email], ['password', PASSWORD]]);
    expect(answer.status).toBe(303);
    const session = cookieLine(answer, '__Host-bs_session');
    expect(session).toMatch(/; secure/i);
    expect(session).toMatch(/; httponly/i);
    expect(session).toMatch(/; samesite=lax/i);
    expect(session).toMatch(/; path=\/(;|$)/i);
    expect(session).not.toMatch(/domain=/i);
    expect(answer.headers.getSetCookie().some((line) => line.startsWith('bs_'))).toBe(false);
    expect((await browser.get('/settings')).status).toBe(200);
  });

  it('over http (local development): the plain names, without Secure', async () => {
    const designer = await world.designer(auth);
    const browser = browserFrom(freshAddress());
    const answer = await signIn(browser, designer.email, PASSWORD);
    const session = cookieLine(answer, 'bs_session');
    expect(session).not.toMatch(/secure/i);
    expect(session).toMatch(/; httponly/i);
    expect((await browser.get('/settings')).status).toBe(200);
  });

  it('reads a cookie only under the name that fits the scheme', async () => {
    const designer = await world.designer(auth);
    const browser = browserFrom(freshAddress());
    expect((await signIn(browser, designer.email, PASSWORD)).status).toBe(303);
    const sessionId = browser.cookie('bs_session') ?? '';
    const settingsOverHttps = (cookie: string) =>
      fetch(`${auth.public.url}/settings`, { redirect: 'manual', headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': freshAddress(), cookie } });
    expect((await settingsOverHttps(`bs_session=${sessionId}`)).status).toBe(302);
    expect((await settingsOverHttps(`__Host-bs_session=${sessionId}`)).status).toBe(200);
  });
});
