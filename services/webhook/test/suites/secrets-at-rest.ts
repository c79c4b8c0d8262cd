import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { eventually, testLogger } from '@boardsync/kit/testing';
import { SecretKeyring, parseSecretKeys } from '../../src/domain/secret-keyring.ts';
import { countSecretsNotUnder } from '../../src/store/webhooks.ts';
import { SecretResealing } from '../../src/workers/secret-resealing.ts';
import { Receiver } from '../support/receiver.ts';
import { PUBLIC, registrationHelpers } from '../support/registration-helpers.ts';
import { sqlOf } from '../support/webhook-api.ts';
import { ADMIN_TOKEN, TEST_SECRET_KEYS, type WebhookWorld } from '../support/world.ts';

/**
 * Run by a spec file per backend: signing secrets are stored sealed and bound to their webhook (the
 * world runs with WEBHOOK_SECRET_BINDING's default, `webhook`), and a key rotation reseals them.
 */
export function secretsAtRestSuite(world: WebhookWorld): void {
  const { someone, registered } = registrationHelpers(world);
  const sql = sqlOf(world);
  const storedSecret = async (id: number): Promise<string> => (await sql<{ secret: string }>('select secret from webhook where id = ?', [id]))[0]?.secret ?? '';
  /** A pending delivery to the webhook, due now, as fan-out would queue it; its id. */
  const queueDelivery = async (webhookId: number): Promise<string> => {
    const id = randomUUID();
    const body = JSON.stringify({ id, event: 'components.changed', created_at: new Date().toISOString(), data: { project_id: 1 } });
    await sql(
      `insert into delivery (id, webhook_id, event, body, state, attempts, next_attempt_at, created_at) values (?, ?, 'components.changed', ?, 'pending', 0, now(), now())`,
      [id, webhookId, body],
    );
    return id;
  };
  const attemptsOf = (deliveryId: string) =>
    sql<{ error_class: string | null; status: number | null }>('select error_class, status from delivery_attempt where delivery_id = ?', [deliveryId]);
  const firstAttempt = (deliveryId: string) => eventually(async () => (await attemptsOf(deliveryId))[0], 20_000, `the attempt of delivery ${deliveryId}`);

  describe('signing secrets at rest', () => {
    const receiver = Receiver.forSuite(world);

    it('stores the secret sealed under WEBHOOK_SECRET_KEYS, bound to its webhook: the row alone does not hold it', async () => {
      const webhook = await registered(someone());
      const stored = await storedSecret(webhook.id);
      expect(stored).toMatch(/^sealed:v2:test:/);
      expect(stored).not.toContain((webhook.secret ?? 'missing').slice('whsec_'.length));
      expect(new SecretKeyring(parseSecretKeys(TEST_SECRET_KEYS)).open(stored, webhook.id)).toBe(webhook.secret);
    });

    it('reseals every secret under a new first key, and one stored bare before sealing only when asked to bind it once; the old key may then go', async () => {
      const me = someone();
      const sealedBefore = await registered(me, `${PUBLIC}/a`);
      const bare = await registered(me, `${PUBLIC}/b`);
      await sql('update webhook set secret = ? where id = ?', [bare.secret, bare.id]);

      const rotated = `next=${Buffer.alloc(32, 9).toString('base64')},${TEST_SECRET_KEYS}`;
      const keyring = new SecretKeyring(parseSecretKeys(rotated));
      const resealing = new SecretResealing(world.service.orm, keyring, testLogger('resealing'));
      const pass = await resealing.resealAll();
      expect(pass.resealed).toBeGreaterThanOrEqual(1);
      // Bare, it names no webhook: the periodic pass cannot tell it from one copied there, and leaves it.
      expect(pass.unbound).toBeGreaterThanOrEqual(1);
      expect(await storedSecret(bare.id)).toBe(bare.secret);
      expect(await resealing.resealAll()).toMatchObject({ resealed: 0 });
      expect((await resealing.resealAll({ bindUnbound: true })).resealed).toBeGreaterThanOrEqual(1);
      expect(await resealing.resealAll()).toMatchObject({ resealed: 0, unbound: 0 });

      const nextOnly = new SecretKeyring(parseSecretKeys(`next=${Buffer.alloc(32, 9).toString('base64')}`));
      for (const webhook of [sealedBefore, bare]) {
        const stored = await storedSecret(webhook.id);
        expect(stored).toMatch(/^sealed:v2:next:/);
        expect(nextOnly.open(stored, webhook.id)).toBe(webhook.secret);
      }
      // Back under the world's key, which the running service holds, for whatever runs after.
      const back = new SecretKeyring(parseSecretKeys(`${TEST_SECRET_KEYS},next=${Buffer.alloc(32, 9).toString('base64')}`));
      await new SecretResealing(world.service.orm, back, testLogger('resealing')).resealAll();
    });

    it('keeps resealing while it runs: a secret sealed under the old key after a pass (an old pod mid-rollout) is resealed by the next; one no key opens is left and counted', async () => {
      const me = someone();
      const next = `next=${Buffer.alloc(32, 9).toString('base64')}`;
      const rotated = new SecretKeyring(parseSecretKeys(`${next},${TEST_SECRET_KEYS}`));
      const resealing = new SecretResealing(world.service.orm, rotated, testLogger('resealing'), { everyMs: 200 });
      const notUnderNext = (): Promise<number> => countSecretsNotUnder(world.service.orm.em.fork(), 'sealed:v2:next:');
      const gone = new SecretKeyring(parseSecretKeys(`gone=${Buffer.alloc(32, 4).toString('base64')}`));
      const unopenable = await registered(me, `${PUBLIC}/gone`);
      await sql('update webhook set secret = ? where id = ?', [gone.seal(unopenable.secret ?? 'missing', unopenable.id), unopenable.id]);
      resealing.start();
      try {
        await eventually(async () => ((await notUnderNext()) === 1 ? true : undefined), 10_000, 'every secret but the unopenable one under the next key');
        // Registered through the service, which still seals under the world's key: an old pod's write mid-rollout.
        const late = await registered(me, `${PUBLIC}/late`);
        await eventually(async () => ((await storedSecret(late.id)).startsWith('sealed:v2:next:') ? true : undefined), 10_000, 'the late secret resealed');
        expect(await notUnderNext()).toBe(1);
      } finally {
        await resealing.close();
        await sql('delete from webhook where id = ?', [unopenable.id]);
        // Back under the world's key, which the running service holds, for whatever runs after.
        const back = new SecretKeyring(parseSecretKeys(`${TEST_SECRET_KEYS},${next}`));
        await new SecretResealing(world.service.orm, back, testLogger('resealing')).resealAll();
      }
    });

    it('reseals every secret to v1 under WEBHOOK_SECRET_BINDING=none (before a rollback past 2026-11-28); back under `webhook` only by the one-time binding pass', async () => {
      const me = someone();
      const [first, second] = [await registered(me, `${PUBLIC}/bound-1`), await registered(me, `${PUBLIC}/bound-2`)];
      const keyring = new SecretKeyring(parseSecretKeys(TEST_SECRET_KEYS));
      const bound = new SecretResealing(world.service.orm, keyring, testLogger('resealing'));
      try {
        const unbound = new SecretResealing(world.service.orm, keyring.sealingIn('v1'), testLogger('resealing'));
        expect((await unbound.resealAll()).resealed).toBeGreaterThanOrEqual(2);
        expect(await unbound.countNotUnderFirstKey()).toBe(0);
        const stored = await storedSecret(first.id);
        expect(stored).toMatch(/^sealed:v1:test:/);
        // What `none` gives up: the first's v1 value opens on the second's row too.
        expect(keyring.sealingIn('v1').open(stored, second.id)).toBe(first.secret);
        expect(() => keyring.open(stored, first.id)).toThrow(/not bound to its webhook/);
        const pass = await bound.resealAll();
        expect(pass.unbound).toBeGreaterThanOrEqual(2);
        expect(await storedSecret(first.id)).toBe(stored);
      } finally {
        // Back to v2, which the running service seals in, for whatever runs after.
        await bound.resealAll({ bindUnbound: true });
      }
      expect(await storedSecret(first.id)).toMatch(/^sealed:v2:test:/);
      expect(keyring.open(await storedSecret(second.id), second.id)).toBe(second.secret);
    });

    it('refuses a v1 secret copied onto another webhook under WEBHOOK_SECRET_BINDING=webhook: nothing is sent signed with it, and resealing does not bind it to that row', async () => {
      const me = someone();
      const path = `/${String(me.designerId)}/copied-onto`;
      const victim = await registered(me, `${PUBLIC}/victim`);
      const other = await registered(me, receiver.url(path));
      const copied = new SecretKeyring(parseSecretKeys(TEST_SECRET_KEYS), 'v1').seal(victim.secret ?? 'missing', victim.id);
      await sql('update webhook set secret = ? where id = ?', [copied, other.id]);
      try {
        const attempt = await firstAttempt(await queueDelivery(other.id));
        expect(attempt).toEqual({ error_class: 'secret_unreadable', status: null });
        expect(receiver.requests(path)).toEqual([]);
        // The service's own pass (and any pod's) leaves it: sealed v2 for this row, it would open here.
        const resealing = new SecretResealing(world.service.orm, new SecretKeyring(parseSecretKeys(TEST_SECRET_KEYS)), testLogger('resealing'));
        expect((await resealing.resealAll()).unbound).toBeGreaterThanOrEqual(1);
        expect(await storedSecret(other.id)).toBe(copied);
      } finally {
        await sql('delete from webhook where id = ?', [other.id]);
      }
    });

    it('says through the admin API, behind the admin token, how many secrets are not under the first key, and reseals on demand', async () => {
      const admin = (method: string, path: string, token = ADMIN_TOKEN) =>
        fetch(`${world.service.internalUrl}/admin${path}`, { method, headers: { authorization: `Bearer ${token}` } });
      expect((await admin('GET', '/secrets', 'wrong-token')).status).toBe(401);
      const webhook = await registered(someone());
      const old = new SecretKeyring(parseSecretKeys(`old=${Buffer.alloc(32, 5).toString('base64')},${TEST_SECRET_KEYS}`));
      // As a pod still on an older key list leaves it (the service lists both).
      await sql('update webhook set secret = ? where id = ?', [old.seal(webhook.secret ?? 'missing', webhook.id), webhook.id]);
      const opened = new SecretKeyring(parseSecretKeys(TEST_SECRET_KEYS));
      try {
        // The world's service lists only its own key: the old key's row is one it cannot open.
        const before = await admin('GET', '/secrets');
        expect(before.status).toBe(200);
        expect(await before.json()).toMatchObject({ first_key: 'test', version: 'v2', not_under_first_key: 1 });
        const pass = await admin('POST', '/secrets/reseal');
        expect(await pass.json()).toMatchObject({ first_key: 'test', resealed: 0, unreadable: 1, unbound: 0, not_under_first_key: 1 });
        // Stored bare (before sealing): refused and left by every pass but the one-time binding one.
        await sql('update webhook set secret = ? where id = ?', [webhook.secret, webhook.id]);
        expect(await (await admin('POST', '/secrets/reseal')).json()).toMatchObject({ resealed: 0, unreadable: 0, unbound: 1, not_under_first_key: 1 });
        expect((await admin('POST', '/secrets/reseal?bind_unbound=yes')).status).toBe(422);
        expect(await (await admin('POST', '/secrets/reseal?bind_unbound=true')).json()).toMatchObject({
          resealed: 1,
          unreadable: 0,
          unbound: 0,
          not_under_first_key: 0,
        });
        expect(opened.open(await storedSecret(webhook.id), webhook.id)).toBe(webhook.secret);
      } finally {
        await sql('update webhook set secret = ? where id = ?', [opened.seal(webhook.secret ?? 'missing', webhook.id), webhook.id]);
      }
    });

    it('records an attempt whose secret no listed key opens as failed (`secret_unreadable`), sent nowhere, and retries it on the schedule', async () => {
      const webhook = await registered(someone());
      const gone = new SecretKeyring(parseSecretKeys(`gone=${Buffer.alloc(32, 3).toString('base64')}`));
      await sql('update webhook set secret = ? where id = ?', [gone.seal(webhook.secret ?? 'missing', webhook.id), webhook.id]);
      const id = await queueDelivery(webhook.id);
      expect(await firstAttempt(id)).toEqual({ error_class: 'secret_unreadable', status: null });
      // A retry, not a failure yet: the key may be listed again before the schedule runs out.
      const [delivery] = await sql<{ state: string; attempts: number; later: boolean }>(
        'select state, attempts, next_attempt_at > now() as later from delivery where id = ?',
        [id],
      );
      expect(delivery).toEqual({ state: 'pending', attempts: 1, later: true });
    });
  });
}
