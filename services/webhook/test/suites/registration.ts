import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { AddressPolicy, isIpLiteral } from '@boardsync/kit';
import { hostileUrls } from '@boardsync/kit/ssrf/hostile-urls';
import { Delivery } from '../../src/store/entities/delivery.ts';
import type { Caller, WebhookWorld } from '../support/world.ts';

interface Webhook {
  id: number;
  url: string;
  events: string[];
  is_active: boolean;
  last_delivered_at: string | null;
  last_status: number | null;
  consecutive_failures: number;
  created_at: string;
  secret?: string;
}

interface ProblemBody {
  status: number;
  code: string;
  detail: string;
  reason?: string;
  limit?: number;
  errors?: Record<string, string[]>;
}

interface Answer<T> {
  status: number;
  body: T;
}

/** What the test world exempts from the outbound rules (its SSRF_ALLOW_CIDRS): a loopback receiver for the delivery suites. */
const WORLD_ALLOWED_CIDRS = ['127.0.0.1/32'];
/** A public address, never connected to: registration only checks a URL. */
const PUBLIC = 'https://93.184.215.14';
const SECRET = /^whsec_[A-Za-z0-9+/]+=*$/;
const LIMIT = 10;

/** Run by a spec file per backend: registering, listing and deleting webhooks, per app and per designer. */
export function registrationSuite(world: WebhookWorld): void {
  const someone = (source?: string): Caller => ({ designerId: world.designer(), ...(source === undefined ? {} : { source }) });
  const send = async <T>(caller: Caller, method: string, path: string, body?: unknown): Promise<Answer<T>> => {
    const response = await world.call(caller, method, path, body);
    return { status: response.status, body: (await response.json()) as T };
  };
  const register = (caller: Caller, body: unknown) => send<Webhook & ProblemBody>(caller, 'POST', '/api/v1/webhooks', body);
  const registered = async (caller: Caller, url = `${PUBLIC}/hooks`, events = ['components.changed']): Promise<Webhook> => {
    const answer = await register(caller, { url, events });
    expect(answer.status).toBe(201);
    return answer.body;
  };
  const list = async (caller: Caller): Promise<Webhook[]> => {
    const answer = await send<{ data: Webhook[] }>(caller, 'GET', '/api/v1/webhooks');
    expect(answer.status).toBe(200);
    return answer.body.data;
  };
  const remove = (caller: Caller, id: number | string) => send<{ deleted: boolean } & ProblemBody>(caller, 'DELETE', `/api/v1/webhooks/${String(id)}`);
  const withoutSecret = (webhook: Webhook): Webhook =>
    Object.fromEntries(Object.entries(webhook).filter(([field]) => field !== 'secret')) as unknown as Webhook;
  const expectProblem = (answer: Answer<ProblemBody>, status: number, code: string): void => {
    expect([answer.status, answer.body.code]).toEqual([status, code]);
  };

  describe('registering', () => {
    it('answers 201 with the whole webhook and a whsec_ secret shown only then; the list hides the secret', async () => {
      const me = someone();
      const before = Date.now();
      const created = await register(me, { url: `${PUBLIC}/hooks/boardsync?tool=1`, events: ['project.updated', 'components.changed'] });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        url: `${PUBLIC}/hooks/boardsync?tool=1`,
        events: ['project.updated', 'components.changed'],
        is_active: true,
        last_delivered_at: null,
        last_status: null,
        consecutive_failures: 0,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        secret: expect.stringMatching(SECRET),
      });
      const createdAt = Date.parse(created.body.created_at);
      expect(createdAt).toBeGreaterThanOrEqual(before - 1_000);
      expect(createdAt).toBeLessThanOrEqual(Date.now() + 1_000);
      // 32 random bytes behind the prefix.
      expect(Buffer.from(created.body.secret?.slice('whsec_'.length) ?? '', 'base64')).toHaveLength(32);

      const second = await registered(me, 'http://127.0.0.1:9/receiver');
      expect(second.secret).not.toBe(created.body.secret);

      const response = await world.call(me, 'GET', '/api/v1/webhooks');
      const text = await response.text();
      expect(text).not.toContain(created.body.secret);
      expect(text).not.toContain(second.secret);
      expect(JSON.parse(text)).toEqual({ data: [withoutSecret(created.body), withoutSecret(second)] });
    });

    it("lists only the calling app's webhooks for the calling designer", async () => {
      const me = someone('api:tool-a');
      const sameDesignerOtherApp: Caller = { designerId: me.designerId, source: 'api:tool-b' };
      const personal: Caller = { designerId: me.designerId, source: 'api:personal' };
      const otherDesignerSameApp: Caller = { designerId: world.designer(), source: 'api:tool-a' };
      const mine = await registered(me);

      expect((await list(me)).map((webhook) => webhook.id)).toEqual([mine.id]);
      expect(await list(sameDesignerOtherApp)).toEqual([]);
      expect(await list(personal)).toEqual([]);
      expect(await list(otherDesignerSameApp)).toEqual([]);

      const theirs = await registered(sameDesignerOtherApp);
      expect((await list(sameDesignerOtherApp)).map((webhook) => webhook.id)).toEqual([theirs.id]);
      expect((await list(me)).map((webhook) => webhook.id)).toEqual([mine.id]);
    });

    it('takes events as a set of the two known events, and refuses anything else naming the entry', async () => {
      const me = someone();
      const url = `${PUBLIC}/hooks`;
      expect((await registered(me, url, ['components.changed', 'components.changed'])).events).toEqual(['components.changed']);
      expect((await registered(me, url, ['project.updated', 'components.changed', 'project.updated'])).events).toEqual([
        'project.updated',
        'components.changed',
      ]);

      const refusals: [unknown, string][] = [
        [{ url }, 'events'],
        [{ url, events: [] }, 'events'],
        [{ url, events: 'components.changed' }, 'events'],
        [{ url, events: null }, 'events'],
        [{ url, events: { 0: 'components.changed' } }, 'events'],
        [{ url, events: ['components.changed', 'components.deleted'] }, 'events.1'],
        [{ url, events: ['Components.Changed'] }, 'events.0'],
        [{ url, events: ['project.updated', 42] }, 'events.1'],
        [{ url, events: ['webhook.ping'] }, 'events.0'],
      ];
      for (const [body, field] of refusals) {
        const answer = await register(me, body);
        expect({ body, status: answer.status, code: answer.body.code, fields: Object.keys(answer.body.errors ?? {}) }).toEqual({
          body,
          status: 422,
          code: 'validation_failed',
          fields: [field],
        });
      }
      expect(await list(me)).toHaveLength(2);
    });

    it('refuses what is not an absolute http(s) URL without credentials, saying why', async () => {
      const me = someone();
      const events = ['components.changed'];
      const refusals: [unknown, string | undefined][] = [
        [{ events }, undefined],
        [{ url: '', events }, undefined],
        [{ url: 42, events }, undefined],
        [{ url: `${PUBLIC}/${'a'.repeat(2049 - PUBLIC.length)}`, events }, undefined],
        [{ url: 'ftp://93.184.215.14/hooks', events }, 'scheme'],
        [{ url: 'javascript:alert(1)', events }, 'scheme'],
        [{ url: '/hooks/boardsync', events }, 'invalid_url'],
        [{ url: '93.184.215.14/hooks', events }, 'invalid_url'],
        [{ url: 'https://me:secret@93.184.215.14/hooks', events }, 'credentials'],
        [{ url: 'https://token@93.184.215.14/hooks', events }, 'credentials'],
        // No name resolves here; one that does not resolve cannot be delivered to.
        [{ url: 'https://receiver.test/hooks', events }, 'unresolvable'],
      ];
      for (const [body, reason] of refusals) {
        const answer = await register(me, body);
        expect({ body, status: answer.status, code: answer.body.code, reason: answer.body.reason, errors: answer.body.errors }).toEqual({
          body,
          status: 422,
          code: 'validation_failed',
          reason,
          errors: { url: [expect.any(String)] },
        });
      }
      expect(await list(me)).toEqual([]);
    });

    it("refuses localhost, private, loopback, link-local and internal addresses (the kit's hostile table), saying why", async () => {
      const me = someone();
      // The world lets 127.0.0.1 through for its loopback receiver; every other entry of the table must be refused.
      const policy = new AddressPolicy(WORLD_ALLOWED_CIDRS);
      const exempt = (url: string): boolean => {
        if (!URL.canParse(url) || !['http:', 'https:'].includes(new URL(url).protocol)) return false;
        const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
        return isIpLiteral(host) && policy.isAllowed(host);
      };
      const cases = hostileUrls.filter(({ url }) => !exempt(url));
      expect(hostileUrls.length - cases.length).toBeLessThanOrEqual(10);
      expect(cases.map(({ url }) => url)).toEqual(
        expect.arrayContaining([
          'http://localhost/',
          'http://10.0.0.1/',
          'http://169.254.169.254/latest/meta-data/',
          'http://[::1]/',
          'http://metadata.internal/',
        ]),
      );

      const answers = await Promise.all(
        cases.map(async ({ url }) => {
          const answer = await register(me, { url, events: ['components.changed'] });
          return { url, status: answer.status, code: answer.body.code, reason: answer.body.reason, urlErrors: answer.body.errors?.url?.length ?? 0 };
        }),
      );
      expect(answers).toEqual(cases.map(({ url, reason }) => ({ url, status: 422, code: 'validation_failed', reason, urlErrors: 1 })));
      // Names are refused whatever the allowed ranges: localhost at the loopback receiver's own address is still localhost.
      for (const url of ['http://localhost:9/', 'http://LocalHost:9/hooks', 'https://hooks.localhost/x']) {
        const answer = await register(me, { url, events: ['components.changed'] });
        expect([url, answer.status, answer.body.code, answer.body.reason]).toEqual([url, 422, 'validation_failed', 'blocked_address']);
      }
      expect(await list(me)).toEqual([]);
    });

    it('stores the URL in the form deliveries will use', async () => {
      const me = someone();
      const webhook = await registered(me, 'HTTPS://93.184.215.14:443/Hooks/a b?x=ü');
      expect(webhook.url).toBe('https://93.184.215.14/Hooks/a%20b?x=%C3%BC');
      const longest = `${PUBLIC}/${'a'.repeat(2047 - PUBLIC.length)}`;
      expect(longest).toHaveLength(2048);
      expect((await registered(me, longest)).url).toBe(longest);
      expect((await list(me)).map((shown) => shown.url)).toEqual([webhook.url, longest]);
    });
  });

  describe('at most 10 per app per designer', () => {
    it('refuses the 11th with 422 webhook_limit_reached, while another app or designer still registers, and a delete frees a place', async () => {
      const me = someone('api:tool-a');
      const mine: Webhook[] = [];
      for (let index = 0; index < LIMIT; index++) mine.push(await registered(me, `${PUBLIC}/hooks/${String(index)}`));

      const eleventh = await register(me, { url: `${PUBLIC}/hooks/10`, events: ['components.changed'] });
      expectProblem(eleventh, 422, 'webhook_limit_reached');
      expect(eleventh.body.limit).toBe(LIMIT);
      expect(eleventh.body.detail).toContain(String(LIMIT));
      expect(await list(me)).toHaveLength(LIMIT);

      await registered({ designerId: me.designerId, source: 'api:tool-b' });
      await registered({ designerId: me.designerId, source: 'api:personal' });
      await registered({ designerId: world.designer(), source: 'api:tool-a' });
      expect(await list(me)).toHaveLength(LIMIT);

      // A refused URL is refused for what it is, not for the count.
      expectProblem(await register(me, { url: 'http://10.0.0.1/', events: ['components.changed'] }), 422, 'validation_failed');

      expect((await remove(me, mine[3]?.id ?? 0)).status).toBe(200);
      const again = await registered(me, `${PUBLIC}/hooks/again`);
      expect((await list(me)).map((webhook) => webhook.id)).toEqual([...mine.filter((_, index) => index !== 3).map((webhook) => webhook.id), again.id]);
      expectProblem(await register(me, { url: `${PUBLIC}/hooks/12`, events: ['components.changed'] }), 422, 'webhook_limit_reached');
    });

    it('lets exactly 10 of 15 racing registrations through', async () => {
      const me = someone();
      const answers = await Promise.all(
        Array.from({ length: LIMIT + 5 }, (_, index) => register(me, { url: `${PUBLIC}/race/${String(index)}`, events: ['project.updated'] })),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(LIMIT);
      expect(answers.filter((answer) => answer.status !== 201).map((answer) => [answer.status, answer.body.code])).toEqual(
        Array.from({ length: 5 }, () => [422, 'webhook_limit_reached']),
      );
      const listed = await list(me);
      expect(listed).toHaveLength(LIMIT);
      expect(new Set(listed.map((webhook) => webhook.id))).toEqual(new Set(answers.filter((answer) => answer.status === 201).map((answer) => answer.body.id)));
    });
  });

  describe('deleting', () => {
    it('answers {deleted: true}, then 404; the queued deliveries go with it', async () => {
      const me = someone();
      const kept = await registered(me);
      const doomed = await registered(me);
      // A delivery waiting for each, as the fan-out would queue them.
      const em = world.service.orm.em.fork();
      const queued = (webhookId: number) => ({
        id: randomUUID(),
        webhookId,
        event: 'components.changed',
        body: '{}',
        state: 'pending' as const,
        attempts: 0,
        nextAttemptAt: new Date(Date.now() + 3_600_000),
        leasedUntil: null,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      await em.insertMany(Delivery, [queued(kept.id), queued(doomed.id)]);

      const deleted = await remove(me, doomed.id);
      expect([deleted.status, deleted.body]).toEqual([200, { deleted: true }]);
      expect((await list(me)).map((webhook) => webhook.id)).toEqual([kept.id]);
      expect(await em.fork().count(Delivery, { webhookId: doomed.id })).toBe(0);
      expect(await em.fork().count(Delivery, { webhookId: kept.id })).toBe(1);

      expectProblem(await remove(me, doomed.id), 404, 'not_found');
    });

    it("is 404 for another app's or another designer's webhook, which stays", async () => {
      const owner = someone('api:tool-a');
      const webhook = await registered(owner);
      const intruders: Caller[] = [
        { designerId: owner.designerId, source: 'api:tool-b' },
        { designerId: owner.designerId, source: 'api:personal' },
        { designerId: world.designer(), source: 'api:tool-a' },
      ];
      for (const intruder of intruders) {
        expectProblem(await remove(intruder, webhook.id), 404, 'not_found');
        expect(await list(intruder)).toEqual([]);
      }
      expect((await list(owner)).map((shown) => shown.id)).toEqual([webhook.id]);
    });

    it('is 404 for an id that was never issued, and 422 for a path id that is no webhook id at all', async () => {
      const me = someone();
      await registered(me);
      expectProblem(await remove(me, 2_147_483_647), 404, 'not_found');
      for (const id of ['abc', '0', '-1', '1.5', '2147483648', '1e3x']) {
        const answer = await remove(me, id);
        expect([id, answer.status, answer.body.code, Object.keys(answer.body.errors ?? {})]).toEqual([id, 422, 'validation_failed', ['webhook']]);
      }
      expect(await list(me)).toHaveLength(1);
    });
  });

  describe('who may call', () => {
    it('needs webhooks:write for every route (403 insufficient_scope) and a principal (401)', async () => {
      const owner = someone();
      const webhook = await registered(owner);
      const reader: Caller = { ...owner, scopes: ['projects:read', 'components:write'] };
      const body = { url: `${PUBLIC}/hooks`, events: ['components.changed'] };
      expectProblem(await send<ProblemBody>(reader, 'GET', '/api/v1/webhooks'), 403, 'insufficient_scope');
      expectProblem(await register(reader, body), 403, 'insufficient_scope');
      expectProblem(await remove(reader, webhook.id), 403, 'insufficient_scope');

      for (const [method, path] of [
        ['GET', '/api/v1/webhooks'],
        ['POST', '/api/v1/webhooks'],
        ['DELETE', `/api/v1/webhooks/${String(webhook.id)}`],
      ] as const) {
        const response = await fetch(`${world.service.url}${path}`, {
          method,
          headers: { 'content-type': 'application/json' },
          ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
        });
        expect([method, response.status, ((await response.json()) as ProblemBody).code]).toEqual([method, 401, 'unauthenticated']);
      }
      expect((await list(owner)).map((shown) => shown.id)).toEqual([webhook.id]);
    });
  });
}
