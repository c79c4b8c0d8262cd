import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { Delivery } from '../../src/store/entities/delivery.ts';
import type { Caller, WebhookWorld } from '../support/world.ts';
import { LIMIT, PUBLIC, registrationHelpers, type Webhook } from '../support/registration-helpers.ts';
import { expectProblem, type ProblemBody } from '../support/webhook-api.ts';

/** WEBHOOK_MAX_PER_DESIGNER's default, which the test worlds keep. */
const PER_DESIGNER = 100;

/** Run by a spec file per backend: registering, listing and deleting webhooks, per app and per designer. */
export function registrationLimitSuite(world: WebhookWorld): void {
  const { someone, send, register, registered, list, remove } = registrationHelpers(world);

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

  describe('at most 100 per designer across its apps', () => {
    it('refuses the 101st from any app with 422 webhook_limit_reached (scope account), and a delete frees a place', async () => {
      const designerId = world.designer();
      const app = (n: number): Caller => ({ designerId, source: `api:tool-${String(n)}` });
      const first: Webhook[] = [];
      for (let n = 0; n < PER_DESIGNER; n++) first.push(await registered(app(Math.floor(n / LIMIT)), `${PUBLIC}/many/${String(n)}`));
      // An eleventh app, with none of its own yet, is refused for the designer's count.
      const refused = await register(app(PER_DESIGNER / LIMIT), { url: `${PUBLIC}/many/over`, events: ['components.changed'] });
      expectProblem(refused, 422, 'webhook_limit_reached');
      expect([refused.body.limit, refused.body.scope]).toEqual([PER_DESIGNER, 'account']);
      expect(refused.body.detail).toContain('across all its apps');
      // The per-app cap still answers for itself.
      const full = await register(app(0), { url: `${PUBLIC}/many/app-over`, events: ['components.changed'] });
      expect([full.status, full.body.scope]).toEqual([422, 'app']);
      // Another designer is not counted with this one.
      await registered({ designerId: world.designer(), source: 'api:tool-0' });

      expect((await remove(app(3), first[35]?.id ?? 0)).status).toBe(200);
      await registered(app(PER_DESIGNER / LIMIT), `${PUBLIC}/many/again`);
      expectProblem(
        await register(app(PER_DESIGNER / LIMIT), { url: `${PUBLIC}/many/over-again`, events: ['components.changed'] }),
        422,
        'webhook_limit_reached',
      );
    }, 60_000);
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
