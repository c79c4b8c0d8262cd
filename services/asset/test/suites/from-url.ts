import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { hostileUrls } from '@boardsync/kit/testing';
import sharp from 'sharp';
import { HTML_PAGE, ImageServer, bytes, noisePng, redirect, status, stream } from '../support/image-server.ts';
import type { AssetWorld, Caller } from '../support/world.ts';

const MB = 1024 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface StoredBody {
  key: string;
  url: string;
  size: number;
  name: string;
}

/** Run by a spec file per backend: `POST …/assets/from-url` against a fake public image host. */
export function fromUrlSuite(world: AssetWorld): void {
  let images: ImageServer;
  // Loopback servers the service must never reach, whatever spelling or redirect leads there.
  let loopback: ImageServer;
  let loopback6: ImageServer;

  beforeAll(async () => {
    images = await ImageServer.start();
    loopback = await ImageServer.start('127.0.0.1');
    loopback6 = await ImageServer.start('::1', loopback.portNumber);
  });
  afterAll(async () => {
    await Promise.all([images.close(), loopback.close(), loopback6.close()]);
  });

  const fromUrl = (caller: Caller, project: number, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
    world.call(caller, 'POST', `/api/v1/projects/${String(project)}/assets/from-url`, body, headers);

  const listed = async (caller: Caller, project: number): Promise<StoredBody[]> => {
    const response = await world.call(caller, 'GET', `/api/v1/projects/${String(project)}/assets`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: StoredBody[] }).data;
  };

  const usedBytes = async (caller: Caller): Promise<number> => {
    const response = await world.callInternal(caller, `/internal/designers/${String(caller.designerId)}/storage`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { used_bytes: number }).used_bytes;
  };

  /** Nothing of the designer's reached the store, the ledger or the folder. */
  const expectNothingStored = async (caller: Caller, project: number): Promise<void> => {
    expect(await listed(caller, project)).toEqual([]);
    expect(await usedBytes(caller)).toBe(0);
    expect(await world.objects.list(`designers/${String(caller.designerId)}/`, 10)).toEqual([]);
  };

  const answer = async (response: Response): Promise<[number, Record<string, unknown>]> => [
    response.status,
    (await response.json()) as Record<string, unknown>,
  ];

  describe('from-url', () => {
    it('stores the image byte for byte, named after the last URL segment, and lists it in the folder', async () => {
      const me: Caller = { designerId: world.designer() };
      const project = await world.project(me);
      const art = await noisePng(48, 36);
      images.route('/art/Card%20Front.png', bytes(art));

      const response = await fromUrl(me, project, { url: images.url('/art/Card%20Front.png') });
      const body = (await response.json()) as StoredBody;
      expect(response.status).toBe(201);
      expect(Object.keys(body).sort()).toEqual(['key', 'name', 'size', 'url']);
      expect(body).toEqual({
        key: expect.stringMatching(new RegExp(`^designers/${String(me.designerId)}/projects/${String(project)}/[0-9a-f]{16}/Card-Front\\.png$`)),
        url: `${world.assetBaseUrl}/${body.key}`,
        size: art.length,
        name: 'Card-Front.png',
      });
      const served = await world.publicBytes(body.url);
      expect([served.status, served.contentType]).toEqual([200, 'image/png']);
      expect(served.body.equals(art)).toBe(true);
      expect(images.hits('/art/Card%20Front.png')).toBe(1);

      // Sent chunked, without a Content-Length, and converted on the way in.
      images.route('/art/board.png', bytes(art, { chunked: true }));
      const converted = await fromUrl(me, project, { url: images.url('/art/board.png'), convert_to_webp: true });
      const webp = (await converted.json()) as StoredBody;
      expect([converted.status, webp.name]).toEqual([201, 'board.webp']);
      const webpBytes = (await world.publicBytes(webp.url)).body;
      expect(webp.size).toBe(webpBytes.length);
      expect(await sharp(webpBytes).metadata()).toMatchObject({ format: 'webp', width: 48, height: 36 });

      const folder = await listed(me, project);
      expect(folder.map((asset) => asset.key).sort()).toEqual([body.key, webp.key].sort());
      expect(await usedBytes(me)).toBe(art.length + webp.size);
    });

    it('follows up to 5 redirects that stay public, and names the asset after the URL that answered', async () => {
      const me: Caller = { designerId: world.designer() };
      const project = await world.project(me);
      const art = await noisePng(40, 30);
      images.route('/hops/last%20art.png', bytes(art));
      for (let hop = 1; hop <= 6; hop++) images.route(`/hops/${String(hop)}`, redirect(hop === 1 ? 'last%20art.png' : String(hop - 1), hop % 2 ? 302 : 301));

      const five = await fromUrl(me, project, { url: images.url('/hops/5') });
      expect([five.status, ((await five.json()) as StoredBody).name]).toEqual([201, 'last-art.png']);

      const six = await fromUrl(me, project, { url: images.url('/hops/6') });
      expect(await answer(six)).toEqual([422, expect.objectContaining({ code: 'url_fetch_failed', reason: 'too_many_redirects' })]);
      expect(images.hits('/hops/last%20art.png')).toBe(1);
      expect(await listed(me, project)).toHaveLength(1);
    });

    it("refuses every URL of the kit's hostile table, saying why, and never connects to a local server", async () => {
      const me: Caller = { designerId: world.designer() };
      const project = await world.project(me);
      // The table as it is, and each of its http URLs pointed at the port our loopback servers listen on.
      const cases = hostileUrls.flatMap(({ url, reason }) => {
        if (!URL.canParse(url) || new URL(url).protocol !== 'http:') return [{ url, reason }];
        const aimed = new URL(url);
        aimed.port = String(loopback.portNumber);
        return [
          { url, reason },
          { url: aimed.href, reason },
        ];
      });
      expect(cases.length).toBeGreaterThan(80);

      const answers = await Promise.all(
        cases.map(async ({ url }) => {
          const [status, body] = await answer(await fromUrl(me, project, { url }));
          return { url, status, code: body.code, reason: body.reason, urlErrors: (body.errors as Record<string, string[]> | undefined)?.url?.length ?? 0 };
        }),
      );
      expect(answers).toEqual(cases.map(({ url, reason }) => ({ url, status: 422, code: 'validation_failed', reason, urlErrors: 1 })));
      expect([loopback.connections, loopback6.connections]).toEqual([0, 0]);
      await expectNothingStored(me, project);
    });

    it('refuses a redirect from a public host to a private one without following it', async () => {
      const me: Caller = { designerId: world.designer() };
      const project = await world.project(me);
      images.route('/moved.png', redirect(loopback.url('/x')));
      images.route('/moved-by-name.png', redirect(`http://localhost:${String(loopback.portNumber)}/x`, 307));

      for (const path of ['/moved.png', '/moved-by-name.png']) {
        const [status, body] = await answer(await fromUrl(me, project, { url: images.url(path) }));
        expect([status, body.code, body.reason]).toEqual([422, 'validation_failed', 'blocked_address']);
        expect(body.errors).toEqual({ url: [expect.any(String)] });
        expect(images.hits(path)).toBe(1);
      }
      expect([loopback.connections, loopback6.connections]).toEqual([0, 0]);
      await expectNothingStored(me, project);
    });

    it('refuses what is not a public http(s) URL: other schemes, a relative URL, no URL', async () => {
      const me: Caller = { designerId: world.designer() };
      const project = await world.project(me);
      const refusals: [unknown, string | undefined][] = [
        [{ url: `ftp://${images.host}/art.png` }, 'scheme'],
        [{ url: 'file:///etc/passwd' }, 'scheme'],
        [{ url: '/art/Card%20Front.png' }, 'invalid_url'],
        [{ url: `http://me:secret@${images.host}:${String(images.portNumber)}/art.png` }, 'credentials'],
        [{}, undefined],
        [{ url: '' }, undefined],
        [{ url: 42 }, undefined],
      ];
      for (const [body, reason] of refusals) {
        const [status, problem] = await answer(await fromUrl(me, project, body));
        expect({ body, status, code: problem.code, reason: problem.reason, errors: problem.errors }).toEqual({
          body,
          status: 422,
          code: 'validation_failed',
          reason,
          errors: { url: [expect.any(String)] },
        });
      }
      expect(images.hits('/art.png')).toBe(0);
      await expectNothingStored(me, project);
    });

    it('answers 415 for an HTML page served as image/png, and url_fetch_failed with the status for a 404', async () => {
      const me: Caller = { designerId: world.designer() };
      const project = await world.project(me);
      images.route('/page.png', bytes(HTML_PAGE, { contentType: 'image/png' }));
      images.route('/gone.png', status(404));

      expect(await answer(await fromUrl(me, project, { url: images.url('/page.png') }))).toEqual([
        415,
        expect.objectContaining({ code: 'unsupported_media_type' }),
      ]);
      expect(await answer(await fromUrl(me, project, { url: images.url('/gone.png') }))).toEqual([
        422,
        expect.objectContaining({ code: 'url_fetch_failed', reason: 'http_status', remote_status: 404 }),
      ]);
      expect([images.hits('/page.png'), images.hits('/gone.png')]).toEqual([1, 1]);
      await expectNothingStored(me, project);
    });

    it('answers 413 for a body over 50 MB: streamed without a length it is cut off, declared too large it is never read', async () => {
      const me: Caller = { designerId: world.designer() };
      const project = await world.project(me);
      images.route('/endless.png', stream(PNG_SIGNATURE, 150 * MB));
      images.route('/declared.png', stream(PNG_SIGNATURE, 60 * MB, { declaredLength: 60 * MB }));

      expect(await answer(await fromUrl(me, project, { url: images.url('/endless.png') }))).toEqual([
        413,
        expect.objectContaining({ code: 'payload_too_large' }),
      ]);
      const [endless] = images.requests('/endless.png');
      await endless?.closed;
      expect(endless?.finished).toBe(false);
      expect(endless?.bytesSent).toBeGreaterThan(50 * MB);
      expect(endless?.bytesSent).toBeLessThan(80 * MB);

      expect(await answer(await fromUrl(me, project, { url: images.url('/declared.png') }))).toEqual([
        413,
        expect.objectContaining({ code: 'payload_too_large' }),
      ]);
      const [declared] = images.requests('/declared.png');
      await declared?.closed;
      expect(declared?.finished).toBe(false);
      expect(declared?.bytesSent).toBeLessThan(50 * MB);
      await expectNothingStored(me, project);
    });

    it("counts against the quota, and refuses a locked project (409) and another designer's (404) before fetching", async () => {
      const tight: Caller = { designerId: world.designer(), storageLimitBytes: 100 };
      const project = await world.project(tight);
      const art = await noisePng(40, 30);
      images.route('/quota.png', bytes(art));
      const [status, problem] = await answer(await fromUrl(tight, project, { url: images.url('/quota.png') }));
      expect([status, problem]).toEqual([
        422,
        expect.objectContaining({ code: 'storage_quota_exceeded', needed_bytes: art.length, limit_bytes: 100, used_bytes: 0, remaining_bytes: 100 }),
      ]);
      await expectNothingStored(tight, project);

      const me: Caller = { designerId: world.designer() };
      const locked = await world.project(me);
      await world.lock(locked);
      images.route('/locked.png', bytes(art));
      expect(await answer(await fromUrl(me, locked, { url: images.url('/locked.png') }))).toEqual([409, expect.objectContaining({ code: 'project_locked' })]);

      const other: Caller = { designerId: world.designer() };
      const theirs = await world.project(other);
      expect(await answer(await fromUrl(me, theirs, { url: images.url('/locked.png') }))).toEqual([404, expect.objectContaining({ code: 'not_found' })]);
      expect(images.hits('/locked.png')).toBe(0);
      await expectNothingStored(me, locked);
      expect(await listed(other, theirs)).toEqual([]);
    });

    it('does a request with an Idempotency-Key once: a retry replays the answer, another URL under the key is refused', async () => {
      const me: Caller = { designerId: world.designer() };
      const project = await world.project(me);
      const art = await noisePng(40, 30);
      images.route('/once.png', bytes(art));
      images.route('/other.png', bytes(art));
      const key = { 'idempotency-key': `mirror-${String(me.designerId)}` };

      const first = await fromUrl(me, project, { url: images.url('/once.png') }, key);
      const again = await fromUrl(me, project, { url: images.url('/once.png') }, key);
      const firstBody = (await first.json()) as StoredBody;
      expect([first.status, first.headers.get('idempotent-replayed')]).toEqual([201, null]);
      expect([again.status, again.headers.get('idempotent-replayed'), await again.json()]).toEqual([201, 'true', firstBody]);
      expect(images.hits('/once.png')).toBe(1);

      expect(await answer(await fromUrl(me, project, { url: images.url('/other.png') }, key))).toEqual([
        422,
        expect.objectContaining({ code: 'idempotency_key_reused' }),
      ]);
      expect(images.hits('/other.png')).toBe(0);
      expect((await listed(me, project)).map((asset) => asset.key)).toEqual([firstBody.key]);
      expect(await usedBytes(me)).toBe(art.length);
    });
  });
}
