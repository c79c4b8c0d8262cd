import { afterEach, describe, expect, it } from '@jest/globals';
import { INTERNAL_PRINCIPAL_HEADER } from '@boardsync/kit';
import { sanitizeSvg } from '../../src/media/svg-sanitizer.ts';
import { assetCalls, scratchLeftovers, assetsPath, folderOf, type UploadBody } from '../support/asset-calls.ts';
import { animatedGif, decoded, html, oversizedStream, paddedPng, pdf, png, pngBomb, raster, svg, truncatedJpeg, type RasterKind } from '../support/images.ts';
import { rawUpload, type RawUpload } from '../support/raw-upload.ts';
import type { AssetWorld, Caller } from '../support/world.ts';

const MB = 1024 * 1024;
const LIMIT = 50 * MB;

/** Run by a spec file per backend: uploads must round-trip the same on Postgres + Kafka + MinIO and in the embedded mode. */
export function uploadSuite(world: AssetWorld): void {
  const calls = assetCalls(world);

  afterEach(async () => {
    // Whatever the answer, no request leaves a spooled upload or a conversion output behind.
    expect(await scratchLeftovers(world)).toEqual([]);
  });
  const someone = (): Caller => ({ designerId: world.designer() });
  const keyPattern = (caller: Caller, projectId: number, name: string) =>
    new RegExp(`^${folderOf(caller, projectId).replace(/\//g, '\\/')}[0-9a-f]{16}\\/${name.replace(/\./g, '\\.')}$`);

  async function stored(url: string): Promise<{ status: number; contentType: string | null; body: Buffer }> {
    return world.publicBytes(url);
  }

  /** Nothing of the designer's is listed, in the store, or counted. */
  async function nothingStored(caller: Caller, projectId: number): Promise<void> {
    expect(await calls.listed(caller, projectId)).toEqual([]);
    expect(await calls.storedKeys(folderOf(caller, projectId))).toEqual([]);
    expect(await calls.usedBytes(caller)).toBe(0);
  }

  describe('every accepted type round-trips', () => {
    const TYPES: [kind: RasterKind | 'svg', filename: string, storedName: string, contentType: string][] = [
      ['jpeg', 'Card Front.jpeg', 'Card-Front.jpg', 'image/jpeg'],
      ['png', 'card.png', 'card.png', 'image/png'],
      ['gif', 'card.gif', 'card.gif', 'image/gif'],
      ['webp', 'card.webp', 'card.webp', 'image/webp'],
      ['avif', 'card.avif', 'card.avif', 'image/avif'],
      ['svg', 'logo.svg', 'logo.svg', 'image/svg+xml'],
    ];

    it.each(TYPES)('%s: upload 201 {key, url, size, name}, listed, served byte for byte, deleted and gone', async (kind, filename, storedName, contentType) => {
      const me = someone();
      const projectId = await world.project(me);
      const original = kind === 'svg' ? svg(64, 48) : await raster(kind);
      // An SVG is stored sanitized (the script and the handler removed); a raster exactly as sent.
      const expected = kind === 'svg' ? Buffer.from(sanitizeSvg(original.toString('utf8'))) : original;

      const created = await calls.upload(me, projectId, original, filename);
      expect(created.status).toBe(201);
      expect(Object.keys(created.body).sort()).toEqual(['key', 'name', 'size', 'url']);
      const body: UploadBody = created.body;
      expect(body.key).toMatch(keyPattern(me, projectId, storedName));
      expect(body).toEqual({ key: body.key, url: `${world.assetBaseUrl}/${body.key}`, size: expected.length, name: storedName });

      const listed = await calls.listed(me, projectId);
      expect(listed).toEqual([{ ...body, last_modified: expect.any(String) }]);
      const lastModified = listed[0]?.last_modified ?? '';
      expect(new Date(lastModified).toISOString()).toBe(lastModified);
      expect(Math.abs(Date.now() - Date.parse(lastModified))).toBeLessThan(60_000);

      const served = await stored(body.url);
      expect([served.status, served.contentType]).toEqual([200, contentType]);
      expect(served.body.equals(expected)).toBe(true);
      expect(await calls.usedBytes(me)).toBe(expected.length);
      if (kind === 'svg') {
        const text = served.body.toString('utf8');
        expect(text).not.toMatch(/<script|onclick|alert/);
        expect(text).toMatch(/^<svg[\s>]/);
        expect(await decoded(served.body)).toMatchObject({ format: 'svg', width: 64, height: 48 });
      } else {
        expect(await decoded(served.body)).toMatchObject({ width: 40, height: 30 });
      }

      const deleted = await calls.remove(me, projectId, body.key);
      expect([deleted.status, deleted.body]).toEqual([200, { deleted: true }]);
      expect(await calls.listed(me, projectId)).toEqual([]);
      expect([403, 404]).toContain((await stored(body.url)).status);
      expect(await world.objects.stat(body.key)).toBeUndefined();
      expect(await calls.usedBytes(me)).toBe(0);
    });

    it('two uploads of one name are two assets with two keys, newest listed first', async () => {
      const me = someone();
      const projectId = await world.project(me);
      const first = await calls.uploaded(me, projectId, await png(), 'card.png');
      const second = await calls.uploaded(me, projectId, await png(20, 20), 'card.png');
      expect(second.key).not.toBe(first.key);
      expect((await calls.listed(me, projectId)).map((asset) => asset.key)).toEqual([second.key, first.key]);
      expect(await calls.usedBytes(me)).toBe(first.size + second.size);
    });
  });

  describe('the listing', () => {
    it('pages as the spec lists do: per_page, links.next carrying it, meta.total; clamped to 200', async () => {
      const me = someone();
      const projectId = await world.project(me);
      const keys: string[] = [];
      for (const name of ['a.png', 'b.png', 'c.png']) keys.unshift((await calls.uploaded(me, projectId, await png(), name)).key);
      interface Page {
        data: { key: string }[];
        links: { next: string | null };
        meta: { total: number; per_page: number; current_page: number; last_page: number };
      }
      const page = async (query: string): Promise<Page> => {
        const response = await world.call(me, 'GET', `${assetsPath(projectId)}${query}`);
        expect(response.status).toBe(200);
        return (await response.json()) as Page;
      };
      const first = await page('?per_page=2');
      expect(first.data.map((asset) => asset.key)).toEqual(keys.slice(0, 2));
      expect(first.meta).toMatchObject({ total: 3, per_page: 2, current_page: 1, last_page: 2 });
      const next = new URL(first.links.next ?? '');
      expect([next.origin, next.pathname, next.searchParams.get('page'), next.searchParams.get('per_page')]).toEqual([
        'https://api.boardsync.test',
        assetsPath(projectId),
        '2',
        '2',
      ]);
      const second = await page(`?${next.searchParams.toString()}`);
      expect([second.data.map((asset) => asset.key), second.links.next]).toEqual([keys.slice(2), null]);
      expect((await page('?per_page=1000')).meta.per_page).toBe(200);
      expect((await page('')).meta.per_page).toBe(50);
    });
  });

  describe('the stored name', () => {
    it.each([
      ['Card Art.png', 'Card-Art.png'],
      ['../../etc/evil.png', 'evil.png'],
      ['C:\\art\\front.png', 'front.png'],
      ['Été carte.PNG', 'Ete-carte.png'],
      ['.hidden.png', 'hidden.png'],
      ['no-extension', 'no-extension.png'],
      ['card.jpeg.png', 'card.jpeg.png'],
      ['日本.png', 'image.png'],
      [`${'a'.repeat(300)}.png`, `${'a'.repeat(100)}.png`],
    ])('%s is stored as %s, the last segment of its key', async (filename, name) => {
      const me = someone();
      const projectId = await world.project(me);
      const created = await calls.upload(me, projectId, await png(), filename);
      expect([created.status, created.body.name]).toEqual([201, name]);
      expect(created.body.key).toMatch(keyPattern(me, projectId, name));
    });
  });

  describe('conversions', () => {
    it.each([
      ['convert_to_webp', 'webp', 'webp', 'image/webp'],
      ['convert_to_avif', 'avif', 'heif', 'image/avif'],
    ])('%s on a PNG stores a %s of the same size, named and measured as stored', async (flag, extension, format, contentType) => {
      const me = someone();
      const projectId = await world.project(me);
      const source = await png(48, 36);
      const created = await calls.upload(me, projectId, source, 'Card.png', { fields: { [flag]: 'true' } });
      expect(created.status).toBe(201);
      expect(created.body.name).toBe(`Card.${extension}`);
      expect(created.body.key).toMatch(keyPattern(me, projectId, `Card.${extension}`));
      const served = await stored(created.body.url);
      expect([served.status, served.contentType]).toEqual([200, contentType]);
      expect(served.body.equals(source)).toBe(false);
      expect(created.body.size).toBe(served.body.length);
      const image = await decoded(served.body);
      expect(image).toMatchObject({ format, width: 48, height: 36, pages: 1 });
      if (extension === 'avif') expect(image.compression).toBe('av1');
      expect(await calls.listed(me, projectId)).toEqual([expect.objectContaining({ key: created.body.key, size: served.body.length })]);
      expect(await calls.usedBytes(me)).toBe(served.body.length);
    });

    it('an animated GIF converted to WebP keeps every frame', async () => {
      const me = someone();
      const projectId = await world.project(me);
      const gif = await animatedGif(3, 40, 30);
      expect((await decoded(gif)).pages).toBe(3);
      const created = await calls.upload(me, projectId, gif, 'spin.gif', { fields: { convert_to_webp: 'true' } });
      expect([created.status, created.body.name]).toEqual([201, 'spin.webp']);
      const served = await stored(created.body.url);
      expect(await decoded(served.body)).toMatchObject({ format: 'webp', width: 40, height: 30, pages: 3 });
      expect(created.body.size).toBe(served.body.length);
    });

    it('an animated GIF cannot become AVIF: 422 naming convert_to_avif, nothing stored', async () => {
      const me = someone();
      const projectId = await world.project(me);
      const reply = await calls.upload(me, projectId, await animatedGif(2), 'spin.gif', { fields: { convert_to_avif: 'true' } });
      expect([reply.status, reply.body.code, Object.keys(reply.body.errors ?? {})]).toEqual([422, 'validation_failed', ['convert_to_avif']]);
      await nothingStored(me, projectId);
    });

    it('an SVG converted to WebP is rendered at its own size', async () => {
      const me = someone();
      const projectId = await world.project(me);
      const created = await calls.upload(me, projectId, svg(64, 48), 'logo.svg', { fields: { convert_to_webp: 'true' } });
      expect([created.status, created.body.name]).toEqual([201, 'logo.webp']);
      const served = await stored(created.body.url);
      expect([served.contentType, served.body.length]).toEqual(['image/webp', created.body.size]);
      expect(await decoded(served.body)).toMatchObject({ format: 'webp', width: 64, height: 48 });
    });

    it('both conversions at once is 422 naming convert_to_avif, and nothing is stored', async () => {
      const me = someone();
      const projectId = await world.project(me);
      const reply = await calls.upload(me, projectId, await png(), 'card.png', { fields: { convert_to_webp: 'true', convert_to_avif: 'true' } });
      expect([reply.status, reply.body.code]).toEqual([422, 'validation_failed']);
      expect(Object.keys(reply.body.errors ?? {})).toEqual(['convert_to_avif']);
      await nothingStored(me, projectId);
    });

    it.each(['true', '1', 'on', 'yes', 'TRUE'])('convert_to_webp=%s converts', async (value) => {
      const me = someone();
      const projectId = await world.project(me);
      const created = await calls.upload(me, projectId, await png(), 'card.png', { fields: { convert_to_webp: value } });
      expect([created.status, created.body.name]).toEqual([201, 'card.webp']);
      expect((await decoded((await stored(created.body.url)).body)).format).toBe('webp');
    });

    it.each(['false', '0', 'off'])('convert_to_webp=%s stores the PNG as it came', async (value) => {
      const me = someone();
      const projectId = await world.project(me);
      const source = await png();
      const created = await calls.upload(me, projectId, source, 'card.png', { fields: { convert_to_webp: value } });
      expect([created.status, created.body.name, created.body.size]).toEqual([201, 'card.png', source.length]);
      expect((await stored(created.body.url)).body.equals(source)).toBe(true);
    });

    it.each(['maybe', '2', 'truthy'])('convert_to_webp=%s is 422 naming convert_to_webp, nothing stored', async (value) => {
      const me = someone();
      const projectId = await world.project(me);
      const reply = await calls.upload(me, projectId, await png(), 'card.png', { fields: { convert_to_webp: value } });
      expect([reply.status, reply.body.code]).toEqual([422, 'validation_failed']);
      expect(Object.keys(reply.body.errors ?? {})).toEqual(['convert_to_webp']);
      await nothingStored(me, projectId);
    });
  });

  describe('the type is what the bytes are', () => {
    it('a PDF called card.png and declared image/png is 415 unsupported_media_type, nothing stored', async () => {
      const me = someone();
      const projectId = await world.project(me);
      const reply = await calls.upload(me, projectId, pdf(), 'card.png', { declaredType: 'image/png' });
      expect([reply.status, reply.body.code]).toEqual([415, 'unsupported_media_type']);
      await nothingStored(me, projectId);
    });

    it('an HTML page called x.svg is 415, nothing stored', async () => {
      const me = someone();
      const projectId = await world.project(me);
      const reply = await calls.upload(me, projectId, html(), 'x.svg', { declaredType: 'image/svg+xml' });
      expect([reply.status, reply.body.code]).toEqual([415, 'unsupported_media_type']);
      await nothingStored(me, projectId);
    });

    it('a PNG called card.txt and declared text/plain is stored as card.png, image/png', async () => {
      const me = someone();
      const projectId = await world.project(me);
      const source = await png();
      const created = await calls.upload(me, projectId, source, 'card.txt', { declaredType: 'text/plain' });
      expect([created.status, created.body.name, created.body.size]).toEqual([201, 'card.png', source.length]);
      const served = await stored(created.body.url);
      expect([served.contentType, served.body.equals(source)]).toEqual(['image/png', true]);
    });

    it('an SVG beyond SVG_MAX_BYTES (5 MB) is 413 payload_too_large, nothing stored', async () => {
      const me = someone();
      const projectId = await world.project(me);
      const padded = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><!-- ${'x'.repeat(5 * MB)} --></svg>`);
      const reply = await calls.upload(me, projectId, padded, 'big.svg');
      expect([reply.status, reply.body.code]).toEqual([413, 'payload_too_large']);
      await nothingStored(me, projectId);
    });

    it('a 20000×20000 single-colour PNG (a decompression bomb, small on disk) is 422 image_too_large, nothing stored', async () => {
      const me = someone();
      const projectId = await world.project(me);
      const kept = await calls.uploaded(me, projectId, await png(), 'kept.png');
      const bomb = pngBomb(20_000);
      expect(bomb.length).toBeLessThan(200 * 1024);
      const reply = await calls.upload(me, projectId, bomb, 'bomb.png');
      expect([reply.status, reply.body.code]).toEqual([422, 'image_too_large']);
      expect(reply.body.detail).toContain('20000x20000');
      expect((await calls.listed(me, projectId)).map((asset) => asset.key)).toEqual([kept.key]);
      expect(await calls.storedKeys(folderOf(me, projectId))).toEqual([kept.key]);
      expect(await calls.usedBytes(me)).toBe(kept.size);
    });

    it('an animation of more than IMAGE_MAX_FRAMES (1000) frames is 422 image_too_large, nothing stored', async () => {
      const me = someone();
      const projectId = await world.project(me);
      const reply = await calls.upload(me, projectId, await animatedGif(1001, 2, 2), 'flipbook.gif');
      expect([reply.status, reply.body.code]).toEqual([422, 'image_too_large']);
      expect(reply.body.detail).toContain('1001 frames');
      await nothingStored(me, projectId);
    });

    it('a truncated JPEG is 422 invalid_image, nothing stored', async () => {
      const me = someone();
      const projectId = await world.project(me);
      const reply = await calls.upload(me, projectId, await truncatedJpeg(), 'cut.jpg');
      expect([reply.status, reply.body.code]).toEqual([422, 'invalid_image']);
      expect(reply.body.detail).toMatch(/JPEG.*(corrupt|truncated)/);
      await nothingStored(me, projectId);
    });
  });

  describe('50 MB per file', () => {
    async function headersFor(caller: Caller): Promise<Record<string, string>> {
      return { [INTERNAL_PRINCIPAL_HEADER]: await world.principal(caller) };
    }

    async function send(caller: Caller, projectId: number, upload: Omit<RawUpload, 'url' | 'headers'>) {
      return rawUpload({ url: `${world.asset.url}${assetsPath(projectId)}`, headers: await headersFor(caller), ...upload });
    }

    it('50 MB + 1 byte, chunked (no Content-Length), is 413 payload_too_large, never held in memory, nothing stored', async () => {
      const me = someone();
      const projectId = await world.project(me);
      const outcome = await send(me, projectId, { filename: 'big.png', file: oversizedStream(LIMIT + 1), framing: 'chunked' });
      expect([outcome.status, outcome.body.code, outcome.body.max_bytes]).toEqual([413, 'payload_too_large', LIMIT]);
      expect(outcome.writtenBeforeAnswer).toBeGreaterThan(LIMIT);
      expect(outcome.memoryGrowthBytes).toBeLessThan(25 * MB);
      await nothingStored(me, projectId);
    });

    it('a stream far beyond the limit is cut off there: the answer comes before the client can send the rest, the connection closes', async () => {
      const me = someone();
      const projectId = await world.project(me);
      const total = 200 * MB;
      const outcome = await send(me, projectId, { filename: 'endless.png', file: oversizedStream(total), framing: 'chunked' });
      expect([outcome.status, outcome.body.code]).toEqual([413, 'payload_too_large']);
      expect(outcome.sentEverything).toBe(false);
      // What the sockets' buffers hold on top of the 50 MB counted is all the client got to send.
      expect(outcome.writtenBeforeAnswer).toBeGreaterThan(LIMIT);
      expect(outcome.writtenBeforeAnswer).toBeLessThan(LIMIT + 20 * MB);
      expect(outcome.written).toBeLessThan(LIMIT + 24 * MB);
      expect(outcome.memoryGrowthBytes).toBeLessThan(25 * MB);
      await nothingStored(me, projectId);
    });

    it('a declared Content-Length beyond the limit is refused at once, before a byte of the body is sent', async () => {
      const me = someone();
      const projectId = await world.project(me);
      const started = Date.now();
      const outcome = await send(me, projectId, { filename: 'big.png', file: [], framing: { contentLength: 60 * MB, headOnly: true } });
      expect([outcome.status, outcome.body.code, outcome.written]).toEqual([413, 'payload_too_large', 0]);
      expect(Date.now() - started).toBeLessThan(5_000);
      await nothingStored(me, projectId);
    });

    it('a client hanging up mid-upload leaves nothing behind, and the next upload goes through', async () => {
      const me = someone();
      const projectId = await world.project(me);
      const outcome = await send(me, projectId, { filename: 'gone.png', file: oversizedStream(20 * MB), framing: 'chunked', hangUpAfter: 5 * MB });
      expect([outcome.status, outcome.sentEverything]).toEqual([0, false]);
      expect(await scratchLeftovers(world)).toEqual([]);
      await nothingStored(me, projectId);
      expect((await calls.upload(me, projectId, await png(), 'next.png')).status).toBe(201);
    });

    it('exactly 50 MB (52428800 bytes) of valid PNG is not too large: stored whole', async () => {
      const me = someone();
      const projectId = await world.project(me);
      const file = await paddedPng(LIMIT);
      const outcome = await send(me, projectId, { filename: 'padded.png', file: file.chunks(), framing: 'chunked' });
      expect([outcome.status, outcome.body.code, outcome.body.size, outcome.body.name]).toEqual([201, undefined, LIMIT, 'padded.png']);
      expect(outcome.sentEverything).toBe(true);
      const key = outcome.body.key as string;
      expect((await world.objects.stat(key))?.size).toBe(LIMIT);
      expect(await calls.usedBytes(me)).toBe(LIMIT);
      expect((await calls.remove(me, projectId, key)).status).toBe(200);
      expect(await calls.usedBytes(me)).toBe(0);
    });
  });
}
