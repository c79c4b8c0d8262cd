import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { eventually, testLogger } from '@boardsync/kit/testing';
import { SecretKeyring, parseSecretKeys } from '../../src/domain/secret-keyring.ts';
import { countSecretsNotUnder } from '../../src/store/webhooks.ts';
import { SecretResealing } from '../../src/workers/secret-resealing.ts';
import { PUBLIC, registrationHelpers } from '../support/registration-helpers.ts';
import { sqlOf } from '../support/webhook-api.ts';
import { ADMIN_TOKEN, TEST_SECRET_KEYS, type WebhookWorld } from '../support/world.ts';

/** Run by a spec file per backend: signing secrets are stored sealed, and a key rotation reseals them. */
export function secretsAtRestSuite(world: WebhookWorld): void {
  const { someone, registered } = registrationHelpers(world);
  const sql = sqlOf(world);
  const storedSecret = async (id: number): Promise<string> => (await sql<{ secret: string }>('select secret from webhook where id = ?', [id]))[0]?.secret ?? '';

  describe('signing secrets at rest', () => {
    it('stores the secret sealed under WEBHOOK_SECRET_KEYS: the row alone does not hold it', async () => {
      const webhook = await registered(someone());
      const stored = await storedSecret(webhook.id);
      expect(stored).toMatch(/^sealed:v1:test:/);
      expect(stored).not.toContain((webhook.secret ?? 'missing').slice('whsec_'.length));
      expect(new SecretKeyring(parseSecretKeys(TEST_SECRET_KEYS)).open(stored, webhook.id)).toBe(webhook.secret);
    });

    it('reseals every secret under a new first key, including one stored bare before sealing; the old key may then go', async () => {
      const me = someone();
      const sealedBefore = await registered(me, `${PUBLIC}/a`);
      const bare = await registered(me, `${PUBLIC}/b`);
      await sql('update webhook set secret = ? where id = ?', [bare.secret, bare.id]);

      const rotated = `next=${Buffer.alloc(32, 9).toString('base64')},${TEST_SECRET_KEYS}`;
      const keyring = new SecretKeyring(parseSecretKeys(rotated));
      const resealing = new SecretResealing(world.service.orm, keyring, testLogger('resealing'));
      expect((await resealing.resealAll()).resealed).toBeGreaterThanOrEqual(2);
      expect((await resealing.resealAll()).resealed).toBe(0);

      const nextOnly = new SecretKeyring(parseSecretKeys(`next=${Buffer.alloc(32, 9).toString('base64')}`));
      for (const webhook of [sealedBefore, bare]) {
        const stored = await storedSecret(webhook.id);
        expect(stored).toMatch(/^sealed:v1:next:/);
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
      const notUnderNext = (): Promise<number> => countSecretsNotUnder(world.service.orm.em.fork(), 'sealed:v1:next:');
      const gone = new SecretKeyring(parseSecretKeys(`gone=${Buffer.alloc(32, 4).toString('base64')}`));
      const unopenable = await registered(me, `${PUBLIC}/gone`);
      await sql('update webhook set secret = ? where id = ?', [gone.seal(unopenable.secret ?? 'missing', unopenable.id), unopenable.id]);
      resealing.start();
      try {
        await eventually(async () => ((await notUnderNext()) === 1 ? true : undefined), 10_000, 'every secret but the unopenable one under the next key');
        // Registered through the service, which still seals under the world's key: an old pod's write mid-rollout.
        const late = await registered(me, `${PUBLIC}/late`);
        await eventually(async () => ((await storedSecret(late.id)).startsWith('sealed:v1:next:') ? true : undefined), 10_000, 'the late secret resealed');
        expect(await notUnderNext()).toBe(1);
      } finally {
        await resealing.close();
        await sql('delete from webhook where id = ?', [unopenable.id]);
        // Back under the world's key, which the running service holds, for whatever runs after.
        const back = new SecretKeyring(parseSecretKeys(`${TEST_SECRET_KEYS},${next}`));
        await new SecretResealing(world.service.orm, back, testLogger('resealing')).resealAll();
      }
    });

    it('reseals every secret bound to its webhook (v2) when WEBHOOK_SECRET_BINDING asks, after which a copy onto another webhook opens nowhere, and back', async () => {
      const me = someone();
      const [first, second] = [await registered(me, `${PUBLIC}/bound-1`), await registered(me, `${PUBLIC}/bound-2`)];
      const keyring = new SecretKeyring(parseSecretKeys(TEST_SECRET_KEYS));
      const bound = new SecretResealing(world.service.orm, keyring.sealingIn('v2'), testLogger('resealing'));
      try {
        expect((await bound.resealAll()).resealed).toBeGreaterThanOrEqual(2);
        expect(await bound.countNotUnderFirstKey()).toBe(0);
        const stored = await storedSecret(first.id);
        expect(stored).toMatch(/^sealed:v2:test:/);
        expect(keyring.open(stored, first.id)).toBe(first.secret);
        // Copied onto the second webhook's row, the first's sealed secret does not open there (its
        // deliveries would be recorded as secret_unreadable, not signed with the first's secret).
        expect(() => keyring.open(stored, second.id)).toThrow();
        expect(keyring.open(await storedSecret(second.id), second.id)).toBe(second.secret);
      } finally {
        // Back to v1, which the running service seals in, for whatever runs after.
        await new SecretResealing(world.service.orm, keyring, testLogger('resealing')).resealAll();
      }
      expect(await storedSecret(first.id)).toMatch(/^sealed:v1:test:/);
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
        expect(await before.json()).toMatchObject({ first_key: 'test', version: 'v1', not_under_first_key: 1 });
        const pass = await admin('POST', '/secrets/reseal');
        expect(await pass.json()).toMatchObject({ first_key: 'test', resealed: 0, unreadable: 1, not_under_first_key: 1 });
        await sql('update webhook set secret = ? where id = ?', [webhook.secret, webhook.id]);
        expect(await (await admin('POST', '/secrets/reseal')).json()).toMatchObject({ resealed: 1, unreadable: 0, not_under_first_key: 0 });
        expect(opened.open(await storedSecret(webhook.id), webhook.id)).toBe(webhook.secret);
      } finally {
        await sql('update webhook set secret = ? where id = ?', [opened.seal(webhook.secret ?? 'missing', webhook.id), webhook.id]);
      }
    });

    it('records an attempt whose secret no listed key opens as failed (`secret_unreadable`), sent nowhere, and retries it on the schedule', async () => {
      const webhook = await registered(someone());
      const gone = new SecretKeyring(parseSecretKeys(`gone=${Buffer.alloc(32, 3).toString('base64')}`));
      await sql('update webhook set secret = ? where id = ?', [gone.seal(webhook.secret ?? 'missing', webhook.id), webhook.id]);
      const id = randomUUID();
      const body = JSON.stringify({ id, event: 'components.changed', created_at: new Date().toISOString(), data: { project_id: 1 } });
      await sql(
        `insert into delivery (id, webhook_id, event, body, state, attempts, next_attempt_at, created_at) values (?, ?, 'components.changed', ?, 'pending', 0, now(), now())`,
        [id, webhook.id, body],
      );
      const attempt = await eventually(
        async () =>
          (await sql<{ error_class: string | null; status: number | null }>('select error_class, status from delivery_attempt where delivery_id = ?', [id]))[0],
        20_000,
        `the attempt of delivery ${id}`,
      );
      expect(attempt).toEqual({ error_class: 'secret_unreadable', status: null });
      // A retry, not a failure yet: the key may be listed again before the schedule runs out.
      const [delivery] = await sql<{ state: string; attempts: number; later: boolean }>(
        'select state, attempts, next_attempt_at > now() as later from delivery where id = ?',
        [id],
      );
      expect(delivery).toEqual({ state: 'pending', attempts: 1, later: true });
    });
  });
}
