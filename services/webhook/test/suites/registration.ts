import { describe, expect, it } from '@jest/globals';
import { AddressPolicy, isIpLiteral } from '@boardsync/kit';
import { hostileUrls } from '@boardsync/kit/testing';
import type { Caller, WebhookWorld } from '../support/world.ts';
import { PUBLIC, SECRET, WORLD_ALLOWED_CIDRS, registrationHelpers } from '../support/registration-helpers.ts';

/** Run by a spec file per backend: registering, listing and deleting webhooks, per app and per designer. */
export function registrationSuite(world: WebhookWorld): void {
  const { someone, register, registered, list, withoutSecret } = registrationHelpers(world);

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

    it("reads one of the calling app's webhooks as the list shows it, and no other app's or designer's", async () => {
      const me = someone('api:tool-a');
      const mine = await registered(me);
      const response = await world.call(me, 'GET', `/api/v1/webhooks/${String(mine.id)}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ data: withoutSecret(mine) });
      for (const stranger of [
        { designerId: me.designerId, source: 'api:tool-b' },
        { designerId: world.designer(), source: 'api:tool-a' },
      ]) {
        const refused = await world.call(stranger, 'GET', `/api/v1/webhooks/${String(mine.id)}`);
        expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([404, 'not_found']);
      }
      expect((await world.call(me, 'GET', '/api/v1/webhooks/x')).status).toBe(422);
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
}
