import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { eventually, testLogger } from '@boardsync/kit/testing';
import { SecretKeyring, parseSecretKeys } from '../../src/domain/secret-keyring.ts';
import { countSecretsNotUnder } from '../../src/store/webhooks.ts';
import { SecretResealing } from '../../src/workers/secret-resealing.ts';
import { PUBLIC, registrationHelpers } from '../support/registration-helpers.ts';
import { sqlOf } from '../support/webhook-api.ts';
import { TEST_SECRET_KEYS, type WebhookWorld } from '../support/world.ts';

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
      expect(new SecretKeyring(parseSecretKeys(TEST_SECRET_KEYS)).open(stored)).toBe(webhook.secret);
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
        expect(nextOnly.open(stored)).toBe(webhook.secret);
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
      const notUnderNext = (): Promise<number> => countSecretsNotUnder(world.service.orm.em.fork(), 'next');
      const gone = new SecretKeyring(parseSecretKeys(`gone=${Buffer.alloc(32, 4).toString('base64')}`));
      const unopenable = await registered(me, `${PUBLIC}/gone`);
      await sql('update webhook set secret = ? where id = ?', [gone.seal(unopenable.secret ?? 'missing'), unopenable.id]);
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

    it('records an attempt whose secret no listed key opens as failed (`secret_unreadable`), sent nowhere, and retries it on the schedule', async () => {
      const webhook = await registered(someone());
      const gone = new SecretKeyring(parseSecretKeys(`gone=${Buffer.alloc(32, 3).toString('base64')}`));
      await sql('update webhook set secret = ? where id = ?', [gone.seal(webhook.secret ?? 'missing'), webhook.id]);
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
