import { describe, expect, it } from '@jest/globals';
import { sanitizeSvg } from '../../src/media/svg-sanitizer.ts';
import { assetsPath, leavesNoScratchFiles, type UploadBody } from '../support/asset-calls.ts';
import { uploadHelpers } from '../support/upload-helpers.ts';
import { animatedGif, decoded, png, raster, svg, type RasterKind } from '../support/images.ts';
import type { AssetWorld } from '../support/world.ts';

/** Run by a spec file per backend: the same rules must hold with the real servers and in the embedded mode. */
export function uploadSuite(world: AssetWorld): void {
  describe('uploads: what is stored and how it reads back', () => {
    leavesNoScratchFiles(world);
    const { calls, someone, keyPattern, stored, nothingStored } = uploadHelpers(world);

    describe('every accepted type round-trips', () => {
      const TYPES: [kind: RasterKind | 'svg', filename: string, storedName: string, contentType: string][] = [
        ['jpeg', 'Card Front.jpeg', 'Card-Front.jpg', 'image/jpeg'],
        ['png', 'card.png', 'card.png', 'image/png'],
        ['gif', 'card.gif', 'card.gif', 'image/gif'],
        ['webp', 'card.webp', 'card.webp', 'image/webp'],
        ['avif', 'card.avif', 'card.avif', 'image/avif'],
        ['svg', 'logo.svg', 'logo.svg', 'image/svg+xml'],
      ];

      it.each(TYPES)(
        '%s: upload 201 {key, url, size, name}, listed, served byte for byte, deleted and gone',
        async (kind, filename, storedName, contentType) => {
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
          // Straight from the bucket no CSP guards it: an SVG downloads when opened on its own.
          if (world.backend === 'postgres+kafka+minio') expect(served.contentDisposition).toBe(kind === 'svg' ? 'attachment' : null);
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
        },
      );

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
      it('pages as every list does (docs/rules.md): per_page, links.next carrying it, meta.total; clamped to 200', async () => {
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

      it('a field the form does not have (a typo of a flag) is 422 naming it, and nothing is stored', async () => {
        const me = someone();
        const projectId = await world.project(me);
        const reply = await calls.upload(me, projectId, await png(), 'card.png', { fields: { convert_to_web: 'true' } });
        expect([reply.status, reply.body.code, Object.keys(reply.body.errors ?? {})]).toEqual([422, 'validation_failed', ['convert_to_web']]);
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
  });
}
