import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually, infra } from '@boardsync/kit/testing';
import { createBoardsyncClient, unwrap, type BoardsyncClient, type Component } from '@boardsync/client';
import { RunningSystem } from '../support/running-system.ts';
import { DeployedSystem } from '../support/deployed-system.ts';
import { ArtworkServer, ONE_PIXEL_PNG } from '../support/artwork-server.ts';
import { FollowingReceiver } from './support/followers.ts';
import { oauthError } from '../support/openid-steps.ts';
import { openIdApp } from './support/openid-app.ts';
import { signedInApp } from './support/second-app.ts';
import * as oidc from 'openid-client';

// What a design tool really does, end to end, against the whole system as deployed (five processes
// on the real servers), only through the gateway, with the typed client a tool author would use and
// a webhook receiver that follows along. With BOARDSYNC_GATEWAY_URL set, the same against a deployed
// system (tests/k8s: the charts on a Kubernetes node), which must allow the receiver's address.
const system = DeployedSystem.configured()
  ? new DeployedSystem()
  : new RunningSystem({
      gateway: { RATE_LIMIT_READS_PER_MINUTE: '100000', RATE_LIMIT_WRITES_PER_MINUTE: '100000' },
      webhook: { SSRF_ALLOW_CIDRS: '127.0.0.1/32' },
      asset: { SSRF_ALLOW_CIDRS: '127.0.0.1/32' },
    });
const artwork = new ArtworkServer();
const receiver = new FollowingReceiver();
const EVERY_SCOPE = ['projects:read', 'projects:write', 'assets:read', 'assets:write', 'components:read', 'components:write', 'webhooks:write'];
let designer: Awaited<ReturnType<RunningSystem['designer']>>;
let tool: BoardsyncClient;
let project: number;

const CARDS = 2_000;
const card = (index: number, edition = 1) => ({
  unique_id: `card-${String(index)}`,
  name: `Card ${String(index).padStart(4, '0')}`,
  quantity: 1 + (index % 3),
  description: `edition ${String(edition)}`,
  deck_names: [index % 2 === 0 ? 'Even' : 'Odd'],
});

async function serverState(): Promise<Map<string, Component>> {
  const rows = new Map<string, Component>();
  for await (const row of tool.list('/api/v1/projects/{project}/components', { path: { project }, query: { type: 'card', per_page: 200 } }))
    rows.set(row.unique_id, row);
  return rows;
}

beforeAll(async () => {
  await Promise.all([system.start(), artwork.start(), receiver.start()]);
  designer = await system.designer();
  tool = createBoardsyncClient({ baseUrl: system.gateway, auth: await system.personalToken(EVERY_SCOPE, designer.id) });
  project = unwrap(await tool.api.POST('/api/v1/projects', { body: { name: 'Tide Runners', player_count_min: 2, player_count_max: 4 } })).data.id;
  const hook = unwrap(await tool.api.POST('/api/v1/webhooks', { body: { url: receiver.url, events: ['components.changed', 'project.updated'] } }));
  receiver.follow(hook.secret, tool, project);
}, 180_000);

afterAll(async () => {
  await Promise.all([system.stop(), artwork.stop(), receiver.stop()]);
}, 60_000);

describe('a design tool syncing a game', () => {
  it('first sync: 2,000 cards in batches of 500, decks in a set order, artwork uploaded, mirrored from a URL and internalized', async () => {
    const written = await tool.writeComponents(project, { type: 'card', components: Array.from({ length: CARDS }, (_, index) => card(index)) });
    expect(written).toMatchObject({ created: CARDS, updated: 0, deleted: 0, errors: [] });
    expect(receiver.eventsFor('components.changed')).toBeLessThanOrEqual(4);

    // The deck order the designer set in the tool: Even from its highest card down.
    const groups = unwrap(await tool.api.GET('/api/v1/projects/{project}/groups', { params: { path: { project }, query: { kind: 'deck' } } })).data;
    expect(groups.map((group) => group.name).sort()).toEqual(['Even', 'Odd']);
    const even = groups.find((group) => group.name === 'Even');
    const order = Array.from({ length: 10 }, (_, index) => `card-${String(18 - index * 2)}`);
    const placed = unwrap(
      await tool.api.PUT('/api/v1/projects/{project}/groups/{group}/members', {
        params: { path: { project, group: even?.id ?? 0 } },
        body: { members: order.map((uniqueId, index) => ({ unique_id: uniqueId, ...(index === 0 ? { face_up: true, count: 2 } : {}) })) },
      }),
    );
    expect(placed.data.members.map((member) => member.unique_id)).toEqual(order);
    expect(placed.data.members[0]).toMatchObject({ position: 0, face_up: true, count: 2 });

    // Artwork: one uploaded, one mirrored from a URL, one left on the designer's own server and copied in by internalize_images.
    const front = await tool.uploadAsset(project, { data: ONE_PIXEL_PNG, filename: 'front.png' });
    const back = await tool.mirrorAsset(project, artwork.url('back.png'));
    expect([back.name, (await fetch(back.url)).status]).toEqual(['back.png', 200]);
    const art = await tool.writeComponents(project, {
      type: 'token',
      internalize_images: true,
      components: [
        { unique_id: 'meeple', name: 'Meeple', image_url: front.url },
        { unique_id: 'ship', name: 'Ship', image_url: artwork.url('ship.png') },
      ],
    });
    expect(art).toMatchObject({ created: 2, internalizing: true });
    const internalized = await eventually(
      async () => {
        const tokens = unwrap(await tool.api.GET('/api/v1/projects/{project}/components', { params: { path: { project }, query: { type: 'token' } } })).data;
        const ship = tokens.find((token) => token.unique_id === 'ship');
        return ship?.image_url?.startsWith(infra.s3Endpoint) ? ship : undefined;
      },
      60_000,
      'the ship’s artwork to be copied into storage',
    );
    expect((await fetch(internalized.image_url ?? '')).status).toBe(200);

    const state = await serverState();
    expect(state.size).toBe(CARDS);
    expect(state.get('card-1999')).toMatchObject({ name: 'Card 1999', quantity: 2, deck_names: ['Odd'], source: 'api:personal' });
  });

  it('incremental re-sync: 10 cards changed and 3 removed, across batches, converges', async () => {
    const rows = Array.from({ length: CARDS }, (_, index) => card(index, index < 10 ? 2 : 1)).filter(
      (row) => !['card-500', 'card-1000', 'card-1500'].includes(row.unique_id),
    );
    const resynced = await tool.writeComponents(project, { type: 'card', components: rows, remove_missing: true });
    expect(resynced).toMatchObject({ created: 0, updated: CARDS - 3, deleted: 3, errors: [] });
    const state = await serverState();
    expect(state.size).toBe(CARDS - 3);
    expect(
      [...state.values()]
        .filter((row) => row.description === 'edition 2')
        .map((row) => row.unique_id)
        .sort(),
    ).toEqual(Array.from({ length: 10 }, (_, index) => `card-${String(index)}`).sort());
    expect(state.has('card-1000')).toBe(false);
  });

  it('a webhook receiver rebuilds the same state from events and the pages it reads', async () => {
    const expected = await serverState();
    const rebuilt = await eventually(
      () => (receiver.state.size === expected.size && receiver.settled() ? receiver.state : undefined),
      60_000,
      'the follower to catch up',
    );
    expect([...rebuilt.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [uniqueId, row] of expected) expect([uniqueId, rebuilt.get(uniqueId)?.updated_at]).toEqual([uniqueId, row.updated_at]);
    // Every delivery was signed, and none was applied twice.
    expect(receiver.rejected).toBe(0);
    expect(receiver.duplicates()).toEqual([]);
  });

  it('a second app writes the same project at the same time: both stamped, none lost, each removes only its own', async () => {
    const other = await signedInApp(system, designer, ['components:read', 'components:write']);
    const pieces = (prefix: string) =>
      Array.from({ length: 600 }, (_, index) => ({ unique_id: `${prefix}-${String(index)}`, name: `${prefix} ${String(index)}` }));
    const [mine, theirs] = await Promise.all([
      tool.writeComponents(project, { type: 'token', components: pieces('mine') }),
      other.client.writeComponents(project, { type: 'token', components: pieces('theirs') }),
    ]);
    expect([mine.created, theirs.created]).toEqual([600, 600]);
    const trimmed = await other.client.writeComponents(project, { type: 'token', components: pieces('theirs').slice(0, 300), remove_missing: true });
    expect(trimmed.deleted).toBe(300);
    const bySource = new Map<string, number>();
    for await (const token of tool.list('/api/v1/projects/{project}/components', { path: { project }, query: { type: 'token', per_page: 200 } })) {
      bySource.set(token.source ?? 'none', (bySource.get(token.source ?? 'none') ?? 0) + 1);
    }
    // The first test's two tokens and these 600 are the personal token's; 300 of the app's remain.
    expect(Object.fromEntries(bySource)).toEqual({ 'api:personal': 602, [`api:${other.clientId}`]: 300 });
  });

  it('a token revoked in the middle of a sync is refused from then on, and writes nothing', async () => {
    const issued = await system.issueToken(['components:read', 'components:write'], designer.id);
    const doomed = createBoardsyncClient({ baseUrl: system.gateway, auth: issued.token });
    expect((await doomed.writeComponents(project, { type: 'coin', components: [{ unique_id: 'coin-1', name: 'Before' }] })).created).toBe(1);
    await system.admin('DELETE', `/tokens/${String(issued.id)}`);
    await eventually(
      async () => ((await doomed.api.GET('/api/v1/masks')).response.status === 401 ? true : undefined),
      20_000,
      'the revoked token to be refused',
    );
    await expect(doomed.writeComponents(project, { type: 'coin', components: [{ unique_id: 'coin-2', name: 'After' }] })).rejects.toMatchObject({
      status: 401,
    });
    const coins = unwrap(await tool.api.GET('/api/v1/projects/{project}/components', { params: { path: { project }, query: { type: 'coin' } } })).data;
    expect(coins.map((coin) => coin.unique_id)).toEqual(['coin-1']);
  });

  it('a plan lowered in the middle of a sync applies to the very next create and upload; the sync itself goes on', async () => {
    const used = unwrap(await tool.api.GET('/api/v1/me')).storage.used_bytes;
    await system.admin('PATCH', `/designers/${String(designer.id)}/plan`, { unlocked_limit: 1, storage_limit_bytes: used });
    const refused = await tool.api.POST('/api/v1/projects', { body: { name: 'Expansion' } });
    expect([refused.response.status, refused.error?.code]).toEqual([403, 'plan_limit_reached']);
    await expect(tool.uploadAsset(project, { data: ONE_PIXEL_PNG, filename: 'over.png' })).rejects.toMatchObject({ status: 422 });
    expect((await tool.writeComponents(project, { type: 'board', components: [{ unique_id: 'board-1', name: 'Archipelago' }] })).created).toBe(1);
    await system.admin('PATCH', `/designers/${String(designer.id)}/plan`, { unlocked_limit: 2 });
    expect((await tool.api.POST('/api/v1/projects', { body: { name: 'Expansion' } })).response.status).toBe(201);
  });

  it('an app signed in with openid-client refreshes in the middle of a sync: the sync goes on as the same app; a spent refresh token presented again revokes the grant', async () => {
    const app = await openIdApp(system, designer, 'components:read components:write');
    const tiles = Array.from({ length: 1_000 }, (_, index) => ({ unique_id: `tile-${String(index)}`, name: `Tile ${String(index)}` }));
    const before = createBoardsyncClient({ baseUrl: system.gateway, auth: app.tokens.access_token });
    expect((await before.writeComponents(project, { type: 'board', components: tiles.slice(0, 500) })).created).toBe(500);

    const refreshed = await oidc.refreshTokenGrant(app.config, app.tokens.refresh_token ?? '');
    expect(refreshed.access_token).not.toBe(app.tokens.access_token);
    const after = createBoardsyncClient({ baseUrl: system.gateway, auth: refreshed.access_token });
    expect((await after.writeComponents(project, { type: 'board', components: tiles.slice(500) })).created).toBe(500);
    // Refresh tokens rotate, and one presented again is taken for stolen (RFC 9700 §4.14): refused,
    // and the whole grant with it: the newer refresh token, and the access token the sync runs on.
    expect(await oauthError(oidc.refreshTokenGrant(app.config, app.tokens.refresh_token ?? ''))).toBe('invalid_grant');
    expect(await oauthError(oidc.refreshTokenGrant(app.config, refreshed.refresh_token ?? ''))).toBe('invalid_grant');
    await eventually(async () => ((await after.api.GET('/api/v1/masks')).response.status === 401 ? true : undefined), 20_000, 'the grant to be revoked');

    const sources = new Map<string, number>();
    for await (const board of tool.list('/api/v1/projects/{project}/components', { path: { project }, query: { type: 'board', per_page: 200 } }))
      if (board.unique_id.startsWith('tile-')) sources.set(board.source ?? 'none', (sources.get(board.source ?? 'none') ?? 0) + 1);
    expect(Object.fromEntries(sources)).toEqual({ [`api:${app.clientId}`]: 1_000 });
  });
});
