import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as oidc from 'openid-client';
import sharp from 'sharp';
import { eventually, uniqueName } from '@boardsync/kit/testing';
import { EmbeddedSystem } from './support/embedded-system.ts';
import { FormClient, authorizeAsPerson } from './support/form-client.ts';
import { authorizationRequest } from './support/openid-steps.ts';
import { RecordingReceiver } from './support/recording-receiver.ts';
import { walksOfTheMap, type MapWalk } from './support/map-walks.ts';
import type { RecordedWalk, WalkProbe } from './support/walk-probe.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const REDIRECT = 'http://127.0.0.1:53682/callback';
const ALL_SCOPES = ['projects:read', 'projects:write', 'components:read', 'components:write', 'assets:read', 'assets:write', 'webhooks:write'];
const walks = walksOfTheMap();
const out = join(tmpdir(), `${uniqueName('walks')}.jsonl`);
// One probe per function, however many ways in to it the map walks.
const probes: WalkProbe[] = [
  ...new Map(
    walks.map((walk) => {
      const file = join(root, 'services', walk.service, 'src', walk.files.at(-1) ?? '');
      return [`${file}#${walk.work}`, { file, fn: walk.work }];
    }),
  ).values(),
];
const system = new EmbeddedSystem({
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(join(root, 'tests/support/walk-probe.ts')).href}`.trim(),
  BOARDSYNC_WALK_PROBES: JSON.stringify(probes),
  BOARDSYNC_WALK_OUT: out,
  SSRF_ALLOW_CIDRS: '127.0.0.1/32',
  WEBHOOK_RETRY_DELAYS: '1s,1s,1s',
});
const receiver = new RecordingReceiver();

/** The files of `service` (and of the kit) a recorded stack passes through, outermost first, each once. */
function pathOf(stack: string, service: string): { files: string[]; kit: string[] } {
  const files: string[] = [];
  const kit: string[] = [];
  for (const [, url] of [...stack.matchAll(/(file:\/\/\/[^\s)]+?):\d+:\d+/g)].reverse()) {
    const path = relative(root, fileURLToPath(url ?? ''));
    const [, owner, file] = /^services\/([^/]+)\/src\/(.+)$/.exec(path) ?? [];
    const into = owner === service ? files : owner === 'kit' ? kit : undefined;
    if (into && file && !into.includes(file)) into.push(file);
  }
  return { files, kit };
}

/** Signs a person in as a tool would (authorization code with PKCE), and spends the refresh token once. */
async function rotateARefreshToken(gateway: string, person: { id: number; email: string; password: string }): Promise<void> {
  const app = (await system.admin('POST', '/apps', { designer_id: person.id, name: 'Walker', redirect_uris: [REDIRECT], public: false, reviewed: true })) as {
    client_id: string;
    client_secret: string;
  };
  const config = new oidc.Configuration(
    { issuer: gateway, authorization_endpoint: `${gateway}/oauth/authorize`, token_endpoint: `${gateway}/oauth/token` },
    app.client_id,
    app.client_secret,
    oidc.ClientSecretPost(app.client_secret),
  );
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- loopback test servers speak plain http
  oidc.allowInsecureRequests(config);
  const started = await authorizationRequest(config, { redirectUri: REDIRECT, scope: 'projects:read' });
  const { location } = await authorizeAsPerson(new FormClient(gateway), started.url.href, { email: person.email, password: person.password });
  const tokens = await oidc.authorizationCodeGrant(config, new URL(location), { pkceCodeVerifier: started.verifier, expectedState: started.state });
  await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '');
}

/**
 * The walks docs/architecture.md shows, measured as `npm start` runs them: each behaviour is done
 * through the gateway as a tool does it, and the stack inside the function that does the work
 * (recorded by tests/support/walk-probe.ts) names the files it really passed through.
 */
describe('the walks of the map, measured on the path a request takes (docs/architecture.md)', () => {
  beforeAll(async () => {
    await receiver.start();
    await system.start();
    const person = await system.designer();
    const { token } = await system.issueToken(ALL_SCOPES, person.id);
    const call = async (method: string, path: string, body?: BodyInit, type = 'application/json'): Promise<Response> =>
      fetch(`${system.gateway}/api/v1${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': type } : {}) }, body });
    receiver.answer('/hook', 500);
    expect((await call('POST', '/webhooks', JSON.stringify({ url: receiver.url('/hook'), events: ['components.changed'] }))).status).toBe(201);
    const project = (await (await call('POST', '/projects', JSON.stringify({ name: 'Walks' }))).json()) as { data: { id: number } };
    const components = `/projects/${String(project.data.id)}/components`;
    const { cursor } = (await (await call('GET', '/changes/head')).json()) as { cursor: string };
    const batch = { type: 'card', components: [{ unique_id: 'walk-1', name: 'Stride' }], remove_missing: true };
    expect((await call('POST', `${components}/batch`, JSON.stringify(batch))).status).toBe(201);
    // Bodiless and from no page's origin: served by the gateway's fast path (http/fast-api.ts).
    expect((await call('GET', `/changes?after=${encodeURIComponent(cursor)}`)).status).toBe(200);
    const form = new FormData();
    form.set(
      'file',
      new Blob([
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1d3557' } })
          .png()
          .toBuffer(),
      ]),
      'swatch.png',
    );
    form.set('convert_to_webp', 'true');
    expect(
      (
        await fetch(`${system.gateway}/api/v1/projects/${String(project.data.id)}/assets`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        })
      ).status,
    ).toBe(201);
    await rotateARefreshToken(system.gateway, person);
    // The delivery is sent, answered 500, and its retry scheduled.
    await eventually(() => (receiver.bodies('/hook').length > 0 ? true : undefined), 20_000, 'the delivery');
    await eventually(() => (recorded().some(({ fn }) => fn === 'settlementOf') ? true : undefined), 20_000, 'the retry scheduled');
  }, 180_000);

  afterAll(async () => {
    await system.stop();
    await receiver.stop();
    rmSync(out, { force: true });
  });

  const recorded = (): RecordedWalk[] =>
    readFileSync(out, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as RecordedWalk);

  it('walks the behaviours the map promises, in every service', () => {
    expect(walks.map((walk) => walk.behaviour)).toEqual(
      expect.arrayContaining([
        'batch upsert with `remove_missing`',
        'the changes feed: a page after a cursor',
        'WebP conversion',
        'refresh-token rotation',
        'a webhook delivery sent',
        'retry scheduling',
        'scope and rate limit, bodiless',
        'scope and rate limit, with a body',
      ]),
    );
    expect(new Set(walks.map((walk) => walk.service))).toEqual(new Set(['gateway', 'auth', 'catalog', 'asset', 'webhook']));
  });

  it.each(walks.map((walk): [string, MapWalk] => [walk.behaviour, walk]))('%s: the files the map names, at most four', (_, walk) => {
    const paths = recorded()
      .filter(({ fn }) => fn === walk.work)
      .map(({ stack }) => pathOf(stack, walk.service));
    expect([walk.work, paths.length === 0 ? 'never called' : 'called']).toEqual([walk.work, 'called']);
    // One function may be reached by more than one way in (the gateway's fast path and its Koa path): the row names which.
    const measured = paths.find(({ files }) => files[0] === walk.files[0]) ?? paths[0];
    expect(measured).toEqual({ files: walk.files, kit: walk.kit });
    expect(walk.files.length).toBeLessThanOrEqual(4);
  });
});
