import { describe, expect, it } from '@jest/globals';
import { PUBLIC, registrationHelpers, type Webhook } from '../support/registration-helpers.ts';
import { sqlOf } from '../support/webhook-api.ts';
import type { Caller, WebhookWorld } from '../support/world.ts';

interface Reply<T> {
  status: number;
  body: T;
  replayed: string | null;
}

/** Run by a spec file per backend: the webhook service's POSTs honour Idempotency-Key, and keep no secret bare to do it. */
export function idempotentWebhookWriteSuite(world: WebhookWorld): void {
  const { someone, list } = registrationHelpers(world);
  const sql = sqlOf(world);
  let keys = 0;
  const newKey = (): string => `hook-${String(++keys)}-${String(Date.now())}`;

  async function post<T>(caller: Caller, path: string, body: unknown, key: string): Promise<Reply<T>> {
    const response = await world.call(caller, 'POST', path, body, { 'Idempotency-Key': key });
    return { status: response.status, body: (await response.json()) as T, replayed: response.headers.get('idempotent-replayed') };
  }

  describe('Idempotency-Key on the webhook POSTs', () => {
    it('a repeated registration answers the same webhook and secret, registers one, and keeps the secret only sealed', async () => {
      const me = someone();
      const key = newKey();
      const body = { url: `${PUBLIC}/hooks/once`, events: ['components.changed'] };
      const first = await post<Webhook>(me, '/api/v1/webhooks', body, key);
      const again = await post<Webhook>(me, '/api/v1/webhooks', body, key);
      expect([first.status, again.status, first.replayed, again.replayed]).toEqual([201, 201, null, 'true']);
      expect(again.body).toEqual(first.body);
      expect(await list(me)).toHaveLength(1);
      const kept = await sql<{ response: unknown }>('select response from idempotency_record where designer_id = ? and key = ?', [me.designerId, key]);
      expect(kept).toHaveLength(1);
      expect(JSON.stringify(kept[0]?.response)).not.toContain(first.body.secret ?? 'no secret answered');
      expect(JSON.stringify(kept[0]?.response)).toContain(String(first.body.id));

      const other = await post<{ code: string }>(me, '/api/v1/webhooks', { ...body, url: `${PUBLIC}/hooks/other` }, key);
      expect([other.status, other.body.code]).toEqual([422, 'idempotency_key_reused']);
    });

    it('a repeated ping answers the first ping and sends no second one; a repeated recovery answers its first count', async () => {
      const me = someone();
      const registered = await post<Webhook>(me, '/api/v1/webhooks', { url: 'http://127.0.0.1:9/nobody-listens', events: ['components.changed'] }, newKey());
      const path = `/api/v1/webhooks/${String(registered.body.id)}`;
      const pingKey = newKey();
      const ping = await post<{ delivery_id: string }>(me, `${path}/ping`, undefined, pingKey);
      const pingAgain = await post<{ delivery_id: string }>(me, `${path}/ping`, undefined, pingKey);
      expect([ping.status, pingAgain.status, pingAgain.replayed]).toEqual([200, 200, 'true']);
      expect(pingAgain.body).toEqual(ping.body);
      const log = (await (await world.call(me, 'GET', `${path}/deliveries`)).json()) as { data: { id: string }[] };
      expect(log.data.map((delivery) => delivery.id)).toEqual([ping.body.delivery_id]);

      const recoverKey = newKey();
      const window = { since: new Date(Date.now() - 3_600_000).toISOString() };
      const recovered = await post<{ recovered: number }>(me, `${path}/recover`, window, recoverKey);
      const recoveredAgain = await post<{ recovered: number }>(me, `${path}/recover`, window, recoverKey);
      expect([recovered.status, recoveredAgain.status, recoveredAgain.replayed, recoveredAgain.body]).toEqual([202, 202, 'true', recovered.body]);
    });
  });
}
