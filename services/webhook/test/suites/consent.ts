import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import { INTERNAL_PRINCIPAL_HEADER, issuePrincipalToken } from '@boardsync/kit';
import { eventually } from '@boardsync/kit/testing';
import { Receiver } from '../support/receiver.ts';
import { ADMIN_TOKEN, PRINCIPAL_SECRET, type Caller, type WebhookWorld } from '../support/world.ts';
import { componentsChanged, deliveryHelpers } from '../support/delivery-helpers.ts';

interface AccountWebhook {
  id: number;
  app: string;
  registrant: string;
  state: string;
  is_active: boolean;
}

/**
 * Data reaches a webhook only while the consent it was registered under stands: the service asks
 * (the world's ConsentAuthority plays auth) before each send, and hears auth's revocations on the
 * bus. The real auth service end to end: tests/consent.spec.ts.
 */
export function consentSuite(world: WebhookWorld): void {
  describe('consent: webhooks receive only while the consent they were registered under stands', () => {
    const receiver = Receiver.forSuite(world);
    const { register, deliveries } = deliveryHelpers(world);
    const admin = async (method: string, path: string): Promise<Response> =>
      fetch(`${world.service.internalUrl}/admin${path}`, { method, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    const listed = async (designerId: number): Promise<AccountWebhook[]> =>
      ((await (await admin('GET', `/webhooks?designer=${String(designerId)}`)).json()) as { data: AccountWebhook[] }).data;
    const revoked = (designerId: number, endedConsents: string[]) =>
      world.publishAuthEvent(designerId, { $case: 'tokenRevoked', value: { tokenHashes: ['0'.repeat(64)], endedConsents } });

    it('sends nothing more once the consent is withdrawn, even when no revocation event comes; the designer’s other webhooks keep receiving', async () => {
      const designerId = world.designer();
      const app: Caller = { designerId, source: 'api:card-forge', credential: 'grant:71' };
      const own: Caller = { designerId, credential: 'pat:72' };
      const appPath = `/${String(designerId)}/app`;
      const ownPath = `/${String(designerId)}/own`;
      const appHook = await register(app, receiver.url(appPath), ['components.changed']);
      await register(own, receiver.url(ownPath), ['components.changed']);
      await world.publishCatalogEvent(designerId, 1, componentsChanged(1, ['Before']));
      await receiver.waitFor(appPath, 1, 40_000);
      await receiver.waitFor(ownPath, 1);

      world.consents.withdraw(designerId, 'grant:71');
      // What the service remembers of the consent is believed a few seconds at most.
      await sleep(5_500);
      await world.publishCatalogEvent(designerId, 1, componentsChanged(1, ['Secret plans']));
      await receiver.waitFor(ownPath, 2);
      await eventually(async () => ((await listed(designerId)).find((hook) => hook.id === appHook.id)?.state === 'consent_withdrawn' ? true : undefined));
      expect(receiver.hits(appPath)).toBe(1);
      const [, second] = await deliveries(appHook.id);
      expect(second?.state).toBe('failed');

      await world.publishCatalogEvent(designerId, 1, componentsChanged(1, ['After']));
      await receiver.waitFor(ownPath, 3);
      expect(receiver.hits(appPath)).toBe(1);
      expect((await deliveries(appHook.id)).length).toBe(2);
    });

    it('stops at once on a revocation event: the webhook is stopped, its queued retries dropped, another consent’s untouched', async () => {
      const designerId = world.designer();
      const failing = `/${String(designerId)}/failing`;
      const other = `/${String(designerId)}/other`;
      receiver.program(failing, [{ status: 503 }]);
      const stopped = await register({ designerId, credential: 'pat:81' }, receiver.url(failing), ['components.changed']);
      const kept = await register({ designerId, credential: 'pat:82' }, receiver.url(other), ['components.changed']);
      await world.publishCatalogEvent(designerId, 2, componentsChanged(2));
      await receiver.waitFor(failing, 1, 40_000);
      await receiver.waitFor(other, 1);

      await revoked(designerId, ['pat:81']);
      await eventually(async () => ((await listed(designerId)).find((hook) => hook.id === stopped.id)?.state === 'consent_withdrawn' ? true : undefined));
      const hitsAtRevocation = receiver.hits(failing);
      const rows = await deliveries(stopped.id);
      expect(rows.every((row) => row.state !== 'pending')).toBe(true);
      // The retry schedule (200 ms, 400 ms, 600 ms) would have sent again by now.
      await sleep(1_500);
      expect(receiver.hits(failing)).toBe(hitsAtRevocation);
      const keptView = (await listed(designerId)).find((hook) => hook.id === kept.id);
      expect(keptView).toMatchObject({ state: 'active', is_active: true, registrant: 'pat:82' });
    });

    it('names the consent each webhook was registered under, app-wide for a principal without one, and a revocation for another designer stops nothing here', async () => {
      const designerId = world.designer();
      const neighbour = world.designer();
      await register({ designerId, source: 'api:deck-press' }, receiver.url('/legacy/app'), ['project.updated']);
      await register({ designerId }, receiver.url('/legacy/personal'), ['project.updated']);
      await register({ designerId, credential: 'pat:91' }, receiver.url('/current'), ['project.updated']);
      await revoked(neighbour, ['pat:91']);
      await sleep(500);
      const hooks = await listed(designerId);
      expect(hooks.map(({ app, registrant, state }) => ({ app, registrant, state }))).toEqual([
        { app: 'api:deck-press', registrant: 'app:deck-press', state: 'active' },
        { app: 'api:personal', registrant: 'pat:*', state: 'active' },
        { app: 'api:personal', registrant: 'pat:91', state: 'active' },
      ]);
    });

    it('holds sends while auth cannot say whether the consent stands, and sends once it can', async () => {
      const designerId = world.designer();
      const path = `/${String(designerId)}/held`;
      await register({ designerId, credential: 'grant:101' }, receiver.url(path), ['components.changed']);
      world.consents.unavailable = true;
      try {
        await world.publishCatalogEvent(designerId, 3, componentsChanged(3));
        await sleep(2_000);
        expect(receiver.hits(path)).toBe(0);
      } finally {
        world.consents.unavailable = false;
      }
      // The claim's lease (5 s) runs out and the delivery is claimed again.
      await receiver.waitFor(path, 1, 30_000);
    });

    it('lets the designer’s settings (a principal of theirs with webhooks:write) list and delete any webhook on the account, and nobody else', async () => {
      const designerId = world.designer();
      const hook = await register({ designerId, source: 'api:someone-else', credential: 'grant:111' }, receiver.url('/settings'), ['project.updated']);
      const settings = async (method: string, path: string, asDesigner = designerId, scopes = ['webhooks:write']): Promise<Response> => {
        const principal = await issuePrincipalToken(
          { designerId: asDesigner, source: 'settings', scopes, plan: { storageLimitBytes: 0, unlockedProjectLimit: null }, requestId: 't' },
          PRINCIPAL_SECRET,
        );
        return fetch(`${world.service.internalUrl}/internal${path}`, { method, headers: { [INTERNAL_PRINCIPAL_HEADER]: principal } });
      };
      const base = `/designers/${String(designerId)}/webhooks`;
      const list = (await (await settings('GET', base)).json()) as { data: AccountWebhook[] };
      expect(list.data.map((entry) => entry.id)).toEqual([hook.id]);
      expect((await settings('GET', base, designerId + 1)).status).toBe(404);
      expect((await settings('GET', base, designerId, ['webhooks:read'])).status).toBe(403);
      expect((await fetch(`${world.service.internalUrl}/internal${base}`)).status).toBe(401);
      expect((await fetch(`${world.service.url}/internal${base}`)).status).toBe(404);
      expect((await settings('DELETE', `${base}/${String(hook.id)}`, designerId + 1)).status).toBe(404);
      expect((await settings('DELETE', `${base}/${String(hook.id)}`)).status).toBe(200);
      expect((await settings('DELETE', `${base}/${String(hook.id)}`)).status).toBe(404);
      expect(await listed(designerId)).toEqual([]);
    });
  });
}
