import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { INTERNAL_PRINCIPAL_HEADER, decodeEnvelope, issuePrincipalToken } from '@boardsync/kit';
import { AuthAlone, type AuthReplica } from './support/auth-alone.ts';

const PRINCIPAL_SECRET = 'principal-'.padEnd(40, 'p');
const world = new AuthAlone();
let replica: AuthReplica;

beforeAll(async () => {
  await world.start();
  replica = await world.replica();
}, 60_000);

afterAll(() => world.stop());

/** The webhook service's question: which of these consents of the designer still stand? Asked with a principal of `asker`. */
async function standing(designerId: number, credentials: string[], asker = designerId): Promise<{ status: number; standing?: string[] }> {
  const principal = await issuePrincipalToken(
    { designerId: asker, source: 'service:webhook', scopes: [], plan: { storageLimitBytes: 0, unlockedProjectLimit: null }, requestId: 't' },
    PRINCIPAL_SECRET,
  );
  const query = new URLSearchParams(credentials.map((credential): [string, string] => ['credential', credential]));
  const response = await fetch(`${replica.internal.url}/internal/designers/${String(designerId)}/consents?${query.toString()}`, {
    headers: { [INTERNAL_PRINCIPAL_HEADER]: principal },
  });
  return { status: response.status, ...(response.status === 200 ? ((await response.json()) as { standing: string[] }) : {}) };
}

/** An app of `designerId`'s with one grant to them holding tokens that expire in `minutes` (negative: already expired). */
async function grant(designerId: number, minutes: number): Promise<{ grantId: number; clientId: string }> {
  const clientId = `app-${String(designerId)}-${String(Math.random()).slice(2, 10)}`;
  const [app] = await world.rows<{ id: number }>(
    `insert into oauth_app (client_id, designer_id, name, redirect_uris, confidential) values (?, ?, 'Card Forge', '[]', false) returning id`,
    [clientId, designerId],
  );
  const [created] = await world.rows<{ id: number }>(`insert into oauth_grant (app_id, designer_id, scopes) values (?, ?, '[]') returning id`, [
    app?.id,
    designerId,
  ]);
  await world.rows(
    `insert into oauth_token (grant_id, kind, token_digest, scopes, expires_at) values (?, 'refresh', md5(random()::text) || md5(random()::text), '[]', now() + ? * interval '1 minute')`,
    [created?.id, minutes],
  );
  return { grantId: created?.id ?? 0, clientId };
}

describe('which consents stand (internal listener, for the webhook service)', () => {
  it('names the unrevoked personal tokens and live grants of the designer, app-wide names too, and nothing else', async () => {
    const designer = await world.designer(replica);
    const token = async (): Promise<number> =>
      ((await (await world.admin(replica, 'POST', '/tokens', { designer_id: designer.id, scopes: 'webhooks:write' })).json()) as { id: number }).id;
    const [kept, revoked] = [await token(), await token()];
    expect((await world.admin(replica, 'DELETE', `/tokens/${String(revoked)}`)).status).toBe(200);
    const live = await grant(designer.id, 60);
    const lapsed = await grant(designer.id, -1);
    const asked = [`pat:${String(kept)}`, `pat:${String(revoked)}`, `grant:${String(live.grantId)}`, `grant:${String(lapsed.grantId)}`, 'pat:*'];
    const apps = [`app:${live.clientId}`, `app:${lapsed.clientId}`, 'grant:2147483648', 'pat:0', 'nonsense', 'app:'];
    const answer = await standing(designer.id, [...asked, ...apps]);
    expect(answer.status).toBe(200);
    expect(answer.standing?.sort()).toEqual([`app:${live.clientId}`, `grant:${String(live.grantId)}`, `pat:${String(kept)}`, 'pat:*'].sort());

    await world.rows('update oauth_grant set revoked_at = now() where id = ?', [live.grantId]);
    expect((await standing(designer.id, [`grant:${String(live.grantId)}`, `app:${live.clientId}`])).standing).toEqual([]);
    expect((await world.admin(replica, 'DELETE', `/tokens/${String(kept)}`)).status).toBe(200);
    expect((await standing(designer.id, [`pat:${String(kept)}`, 'pat:*'])).standing).toEqual([]);
  });

  it('never answers for another designer: their principal is 404, their credentials stand for nobody else', async () => {
    const [owner, neighbour] = [await world.designer(replica), await world.designer(replica)];
    const { grantId } = await grant(owner.id, 60);
    expect((await standing(owner.id, [`grant:${String(grantId)}`], neighbour.id)).status).toBe(404);
    expect((await standing(neighbour.id, [`grant:${String(grantId)}`])).standing).toEqual([]);
    expect((await standing(owner.id, [`grant:${String(grantId)}`])).standing).toEqual([`grant:${String(grantId)}`]);
  });

  it('refuses a question without a principal, with none named or with more than 100', async () => {
    const designer = await world.designer(replica);
    expect((await fetch(`${replica.internal.url}/internal/designers/${String(designer.id)}/consents?credential=pat:*`)).status).toBe(401);
    expect((await standing(designer.id, [])).status).toBe(422);
    expect(
      (
        await standing(
          designer.id,
          Array.from({ length: 101 }, (_, index) => `pat:${String(index + 1)}`),
        )
      ).status,
    ).toBe(422);
    expect((await fetch(`${replica.public.url}/internal/designers/${String(designer.id)}/consents?credential=pat:*`)).status).toBe(404);
  });
});

describe('an operator deleting an app', () => {
  it('revokes every designer’s grants of it (each announced), then deletes it; an unknown app is 404', async () => {
    const designer = await world.designer(replica);
    const { grantId, clientId } = await grant(designer.id, 60);
    const deleted = await world.admin(replica, 'DELETE', `/apps/${clientId}`);
    expect(await deleted.json()).toEqual({ deleted: true, revoked_grants: 1 });
    expect((await standing(designer.id, [`grant:${String(grantId)}`])).standing).toEqual([]);
    const announced = await world.rows<{ payload: Buffer }>(`select payload from outbox_message where topic like '%token.revoked' order by id`);
    const ended = announced
      .map(({ payload }) => decodeEnvelope(payload))
      .flatMap((envelope) => (envelope.event?.$case === 'tokenRevoked' ? envelope.event.value.endedConsents : []));
    expect(ended).toContain(`grant:${String(grantId)}`);
    expect((await world.admin(replica, 'DELETE', `/apps/${clientId}`)).status).toBe(404);
  });
});
