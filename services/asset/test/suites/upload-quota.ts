import { describe, expect, it } from '@jest/globals';
import { INTERNAL_PRINCIPAL_HEADER } from '@boardsync/kit';
import { folderOf, leavesNoScratchFiles, type ProblemBody, type UploadBody } from '../support/asset-calls.ts';
import { uploadRuleHelpers } from '../support/upload-rule-helpers.ts';
import { pdf, png, solidPng, truncatedJpeg } from '../support/images.ts';
import type { AssetWorld } from '../support/world.ts';

/** Run by a spec file per backend: the same rules must hold with the real servers and in the embedded mode. */
export function uploadQuotaSuite(world: AssetWorld): void {
  describe('upload rules: quota, Idempotency-Key and the storage endpoint', () => {
    leavesNoScratchFiles(world);
    const { calls, someone, expectProblem, storedCount } = uploadRuleHelpers(world);

    describe('storage quota (the plan in the principal)', () => {
      it('20 uploads at once against room for 10 and a bit: exactly 10 stored, 10 refused with the numbers, never past the limit', async () => {
        const image = await solidPng(64, 48);
        const size = image.length;
        const limit = 11 * size - 1;
        const me = someone(limit);
        const projectId = await world.project(me);
        const replies = await Promise.all(Array.from({ length: 20 }, (_, index) => calls.upload(me, projectId, image, `card-${String(index)}.png`)));

        const stored = replies.filter((reply) => reply.status === 201);
        const refused = replies.filter((reply) => reply.status !== 201);
        expect(stored).toHaveLength(10);
        expect(refused).toHaveLength(10);
        for (const reply of stored) expect(reply.body.size).toBe(size);
        for (const reply of refused) {
          expect(reply.body).toMatchObject({
            status: 422,
            code: 'storage_quota_exceeded',
            needed_bytes: size,
            limit_bytes: limit,
            used_bytes: 10 * size,
            remaining_bytes: size - 1,
          });
        }
        expect(await calls.usedBytes(me)).toBe(10 * size);
        const listed = await calls.listed(me, projectId);
        expect(listed.map((asset) => asset.key).sort()).toEqual(stored.map((reply) => reply.body.key).sort());
        expect((await calls.storedKeys(folderOf(me, projectId))).sort()).toEqual(stored.map((reply) => reply.body.key).sort());
        expect(await calls.storedKeys(`designers/${String(me.designerId)}/`)).toHaveLength(10);
      });

      it('a file bigger than what remains is 422 and stores nothing; the same upload under a bigger plan succeeds at once', async () => {
        const small = await solidPng(40, 30);
        const big = await png(120, 90);
        expect(big.length).toBeGreaterThan(small.length);
        const me = someone(small.length + big.length - 1);
        const projectId = await world.project(me);
        const first = await calls.uploaded(me, projectId, small, 'small.png');

        const refused = await calls.upload(me, projectId, big, 'big.png');
        expect(refused.body).toMatchObject({
          status: 422,
          code: 'storage_quota_exceeded',
          needed_bytes: big.length,
          limit_bytes: small.length + big.length - 1,
          remaining_bytes: big.length - 1,
        });
        expect((await calls.listed(me, projectId)).map((asset) => asset.key)).toEqual([first.key]);
        expect(await calls.storedKeys(folderOf(me, projectId))).toEqual([first.key]);
        expect(await calls.usedBytes(me)).toBe(small.length);

        const upgraded = { ...me, storageLimitBytes: small.length + big.length };
        const accepted = await calls.upload(upgraded, projectId, big, 'big.png');
        expect([accepted.status, accepted.body.size]).toEqual([201, big.length]);
        expect(await calls.usedBytes(me)).toBe(small.length + big.length);
        // And a downgrade counts from the next request too: nothing more fits under the old plan.
        expectProblem(await calls.upload(me, projectId, small, 'small.png'), 422, 'storage_quota_exceeded');
      });

      it('quota counts after conversion: a PNG that only fits as WebP is stored as WebP', async () => {
        const source = await png(120, 90);
        const probe = someone();
        const probeProject = await world.project(probe);
        const webp = await calls.uploaded(probe, probeProject, source, 'probe.png', { convert_to_webp: 'true' });
        expect(webp.size).toBeLessThan(source.length);

        const me = someone(webp.size);
        const projectId = await world.project(me);
        expectProblem(await calls.upload(me, projectId, source, 'art.png'), 422, 'storage_quota_exceeded');
        const converted = await calls.upload(me, projectId, source, 'art.png', { fields: { convert_to_webp: 'true' } });
        expect([converted.status, converted.body.name, converted.body.size]).toEqual([201, 'art.webp', webp.size]);
        expect(await calls.usedBytes(me)).toBe(webp.size);
      });
    });

    describe('Idempotency-Key', () => {
      const withKey = (key: string) => ({ headers: { 'Idempotency-Key': key } });

      it('the same key and file twice: both 201 with one body, the second replayed; one object, counted once', async () => {
        const me = someone();
        const projectId = await world.project(me);
        const image = await png();
        const first = await calls.upload(me, projectId, image, 'card.png', withKey('upload-1'));
        const second = await calls.upload(me, projectId, image, 'card.png', withKey('upload-1'));
        expect([first.status, second.status]).toEqual([201, 201]);
        expect(second.body).toEqual(first.body);
        expect([first.headers.get('idempotent-replayed'), second.headers.get('idempotent-replayed')]).toEqual([null, 'true']);
        expect(await calls.storedKeys(folderOf(me, projectId))).toEqual([first.body.key]);
        expect(await calls.listed(me, projectId)).toHaveLength(1);
        expect(await calls.usedBytes(me)).toBe(image.length);

        // Another file, another name or a conversion under the same key is a different request.
        for (const [bytes, name, fields] of [
          [await png(20, 20), 'card.png', {}],
          [image, 'other.png', {}],
          [image, 'card.png', { convert_to_webp: 'true' }],
        ] as [Buffer, string, Record<string, string>][]) {
          expectProblem(await calls.upload(me, projectId, bytes, name, { fields, ...withKey('upload-1') }), 422, 'idempotency_key_reused');
        }
        expect(await calls.storedKeys(folderOf(me, projectId))).toEqual([first.body.key]);
        expect(await calls.usedBytes(me)).toBe(image.length);
      });

      it('the same key in another project is a different request', async () => {
        const me = someone();
        const projectId = await world.project(me);
        const otherProjectId = await world.project(me);
        const image = await png();
        expect((await calls.upload(me, projectId, image, 'card.png', withKey('k'))).status).toBe(201);
        expectProblem(await calls.upload(me, otherProjectId, image, 'card.png', withKey('k')), 422, 'idempotency_key_reused');
        expect(await storedCount(me, otherProjectId)).toBe(0);
      });

      it("keys are per app: another app's request with the same key is its own", async () => {
        const me = someone();
        const projectId = await world.project(me);
        const image = await png();
        const mine = await calls.upload(me, projectId, image, 'card.png', withKey('shared-key'));
        const theirs = await calls.upload({ ...me, source: 'api:other-app' }, projectId, image, 'card.png', withKey('shared-key'));
        expect([mine.status, theirs.status, theirs.headers.get('idempotent-replayed')]).toEqual([201, 201, null]);
        expect(theirs.body.key).not.toBe(mine.body.key);
        expect(await storedCount(me, projectId)).toBe(2);
        expect(await calls.usedBytes(me)).toBe(2 * image.length);
        // and each app's retry replays its own answer
        const retried = await calls.upload({ ...me, source: 'api:other-app' }, projectId, image, 'card.png', withKey('shared-key'));
        expect([retried.status, retried.body.key, retried.headers.get('idempotent-replayed')]).toEqual([201, theirs.body.key, 'true']);
      });

      it.each([
        ['300 characters', 'k'.repeat(300)],
        ['a space', 'my key'],
        ['a tab', 'my\tkey'],
        ['a non-ASCII character', 'clé'],
      ])('a key with %s is 400 invalid_idempotency_key, nothing stored', async (_case, key) => {
        const me = someone();
        const projectId = await world.project(me);
        const reply = await calls.upload(me, projectId, await png(), 'card.png', withKey(key));
        expectProblem(reply, 400, 'invalid_idempotency_key');
        expect(await storedCount(me, projectId)).toBe(0);
      });

      it('a 255-character key is accepted', async () => {
        const me = someone();
        const projectId = await world.project(me);
        expect((await calls.upload(me, projectId, await png(), 'card.png', withKey('k'.repeat(255)))).status).toBe(201);
      });

      it('failures are not remembered: after a 415, an invalid_image or a full quota, the key is retried and succeeds', async () => {
        const me = someone();
        const projectId = await world.project(me);
        const image = await png();

        expectProblem(await calls.upload(me, projectId, pdf(), 'card.png', withKey('after-415')), 415, 'unsupported_media_type');
        const after415 = await calls.upload(me, projectId, image, 'card.png', withKey('after-415'));
        expect([after415.status, after415.headers.get('idempotent-replayed')]).toEqual([201, null]);

        expectProblem(await calls.upload(me, projectId, await truncatedJpeg(), 'card.jpg', withKey('after-422')), 422, 'invalid_image');
        expect((await calls.upload(me, projectId, image, 'card.png', withKey('after-422'))).status).toBe(201);

        const full = { ...me, storageLimitBytes: 2 * image.length };
        expectProblem(await calls.upload(full, projectId, image, 'card.png', withKey('after-quota')), 422, 'storage_quota_exceeded');
        const afterQuota = await calls.upload(me, projectId, image, 'card.png', withKey('after-quota'));
        expect([afterQuota.status, afterQuota.headers.get('idempotent-replayed')]).toEqual([201, null]);

        expect(await storedCount(me, projectId)).toBe(3);
        expect(await calls.usedBytes(me)).toBe(3 * image.length);
      });

      it('three requests with one key at once store once: the others wait for the first and are answered its 201', async () => {
        const me = someone();
        const projectId = await world.project(me);
        const image = await png(200, 150);
        const replies = await Promise.all([1, 2, 3].map(() => calls.upload(me, projectId, image, 'card.png', withKey('racing'))));
        expect(replies.map((reply) => reply.status)).toEqual([201, 201, 201]);
        for (const reply of replies) expect(reply.body.key).toBe(replies[0]?.body.key);
        expect(replies.filter((reply) => reply.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);
        expect(await storedCount(me, projectId)).toBe(1);
        expect(await calls.usedBytes(me)).toBe(image.length);
      });
    });

    describe('/internal/designers/{id}/storage', () => {
      it("answers the principal's own designer {used_bytes}, 404 for anyone else's, 401 without a principal", async () => {
        const me = someone();
        const projectId = await world.project(me);
        const path = `/internal/designers/${String(me.designerId)}/storage`;
        const empty = await world.callInternal(me, path);
        expect([empty.status, await empty.json()]).toEqual([200, { used_bytes: 0 }]);

        const art: UploadBody = await calls.uploaded(me, projectId, await png(), 'card.png');
        const used = await world.callInternal(me, path);
        expect([used.status, await used.json()]).toEqual([200, { used_bytes: art.size }]);

        const other = someone();
        const theirs = await world.callInternal(other, path);
        expect([theirs.status, ((await theirs.json()) as ProblemBody).code]).toEqual([404, 'not_found']);

        const anonymous = await fetch(`${world.asset.internalUrl}${path}`);
        expect(anonymous.status).toBe(401);
        const forged = await fetch(`${world.asset.internalUrl}${path}`, { headers: { [INTERNAL_PRINCIPAL_HEADER]: 'not-a-token' } });
        expect(forged.status).toBe(401);
      });
    });
  });
}
