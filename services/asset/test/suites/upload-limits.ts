import { describe, expect, it } from '@jest/globals';
import { INTERNAL_PRINCIPAL_HEADER } from '@boardsync/kit';
import { scratchLeftovers, assetsPath, folderOf, leavesNoScratchFiles } from '../support/asset-calls.ts';
import { LIMIT, MB, uploadHelpers } from '../support/upload-helpers.ts';
import { animatedGif, html, oversizedStream, paddedPng, pdf, png, pngBomb, truncatedJpeg } from '../support/images.ts';
import { rawUpload, type RawUpload } from '../support/raw-upload.ts';
import type { AssetWorld, Caller } from '../support/world.ts';

/** Run by a spec file per backend: the same rules must hold with the real servers and in the embedded mode. */
export function uploadLimitSuite(world: AssetWorld): void {
  describe('uploads: the type is the bytes, 50 MB per file', () => {
    leavesNoScratchFiles(world);
    const { calls, someone, stored, nothingStored } = uploadHelpers(world);

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

      // A body held whole would grow memory by the 50 MB it counted; streaming stays well under, with room for GC timing on a busy machine.
      const NOT_HELD_WHOLE = 40 * MB;

      it('50 MB + 1 byte, chunked (no Content-Length), is 413 payload_too_large, never held in memory, nothing stored', async () => {
        const me = someone();
        const projectId = await world.project(me);
        const outcome = await send(me, projectId, { filename: 'big.png', file: oversizedStream(LIMIT + 1), framing: 'chunked' });
        expect([outcome.status, outcome.body.code, outcome.body.max_bytes]).toEqual([413, 'payload_too_large', LIMIT]);
        expect(outcome.writtenBeforeAnswer).toBeGreaterThan(LIMIT);
        expect(outcome.memoryGrowthBytes).toBeLessThan(NOT_HELD_WHOLE);
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
        expect(outcome.memoryGrowthBytes).toBeLessThan(NOT_HELD_WHOLE);
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
  });
}
