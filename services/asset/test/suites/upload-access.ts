import { describe, expect, it } from '@jest/globals';
import { INTERNAL_PRINCIPAL_HEADER } from '@boardsync/kit';
import { assetsPath, folderOf, leavesNoScratchFiles, type Answer, type ProblemBody } from '../support/asset-calls.ts';
import { ELSEWHERE, uploadRuleHelpers } from '../support/upload-rule-helpers.ts';
import { png } from '../support/images.ts';
import type { AssetWorld, Caller } from '../support/world.ts';

/** Run by a spec file per backend: the same rules must hold with the real servers and in the embedded mode. */
export function uploadAccessSuite(world: AssetWorld): void {
  describe('upload rules: access, requests, scopes and deletes', () => {
    leavesNoScratchFiles(world);
    const { calls, someone, expectProblem, storedCount } = uploadRuleHelpers(world);

    describe('whose folder, and when it may be written', () => {
      it("another designer's project is 404 to list, upload, from-url and delete, and is left untouched", async () => {
        const owner = someone();
        const projectId = await world.project(owner);
        const theirs = await calls.uploaded(owner, projectId, await png(), 'theirs.png');
        const intruder = someone();
        await world.project(intruder); // has projects of its own; still not this one

        expectProblem(await calls.list(intruder, projectId), 404, 'not_found');
        expectProblem(await calls.upload(intruder, projectId, await png(), 'mine.png'), 404, 'not_found');
        expectProblem(await calls.fromUrl(intruder, projectId, ELSEWHERE), 404, 'not_found');
        expectProblem(await calls.remove(intruder, projectId, theirs.key), 404, 'not_found');

        expect((await calls.listed(owner, projectId)).map((asset) => asset.key)).toEqual([theirs.key]);
        expect(await calls.storedKeys(folderOf(owner, projectId))).toEqual([theirs.key]);
        expect(await calls.storedKeys(`designers/${String(intruder.designerId)}/`)).toEqual([]);
        expect(await calls.usedBytes(intruder)).toBe(0);
      });

      it('a project that does not exist is 404 as well', async () => {
        const me = someone();
        expectProblem(await calls.list(me, 2_000_000_000), 404, 'not_found');
        expectProblem(await calls.upload(me, 2_000_000_000, await png(), 'card.png'), 404, 'not_found');
      });

      it('a locked project refuses upload, from-url and delete with 409 project_locked, still lists, and takes writes again once unlocked', async () => {
        const me = someone();
        const projectId = await world.project(me);
        const kept = await calls.uploaded(me, projectId, await png(), 'kept.png');
        await world.lock(projectId);

        expectProblem(await calls.upload(me, projectId, await png(), 'new.png'), 409, 'project_locked');
        expectProblem(await calls.fromUrl(me, projectId, ELSEWHERE), 409, 'project_locked');
        expectProblem(await calls.remove(me, projectId, kept.key), 409, 'project_locked');
        const listed = await calls.list(me, projectId);
        expect([listed.status, listed.body.data.map((asset) => asset.key)]).toEqual([200, [kept.key]]);
        expect(await calls.storedKeys(folderOf(me, projectId))).toEqual([kept.key]);
        expect(await calls.usedBytes(me)).toBe(kept.size);

        await world.lock(projectId, false);
        expect((await calls.remove(me, projectId, kept.key)).status).toBe(200);
      });

      it.each(['abc', '1.5', '-3', '0', '12abc', '99999999999'])('project id %s is 422 naming project, on every route', async (projectId) => {
        const me = someone();
        for (const reply of [
          await calls.list(me, projectId),
          await calls.upload(me, projectId, await png(), 'card.png'),
          await calls.fromUrl(me, projectId, ELSEWHERE),
          await calls.remove(me, projectId, 'designers/1/projects/1/0123456789abcdef/a.png'),
        ]) {
          expectProblem(reply, 422, 'validation_failed');
          expect(Object.keys(reply.body.errors ?? {})).toEqual(['project']);
        }
      });
    });

    describe('the upload request', () => {
      it('without a file part is 422 naming file', async () => {
        const me = someone();
        const projectId = await world.project(me);
        const form = new FormData();
        form.append('convert_to_webp', 'true');
        const reply = await world.call(me, 'POST', assetsPath(projectId), form);
        const body = (await reply.json()) as ProblemBody;
        expect([reply.status, body.code, Object.keys(body.errors ?? {})]).toEqual([422, 'validation_failed', ['file']]);
        expect(await storedCount(me, projectId)).toBe(0);
      });

      it('a JSON body is 415 unsupported_media_type', async () => {
        const me = someone();
        const projectId = await world.project(me);
        const reply = await world.call(me, 'POST', assetsPath(projectId), { file: (await png()).toString('base64') });
        expect([reply.status, ((await reply.json()) as ProblemBody).code]).toEqual([415, 'unsupported_media_type']);
        expect(await storedCount(me, projectId)).toBe(0);
      });

      it.each([
        ['two parts named file', ['file', 'file'], 'file'],
        ['a second file part under another name', ['file', 'other'], 'file'],
        ['the one file part under another name', ['image'], 'image'],
      ])('%s is 422 naming the part, nothing stored', async (_case, parts, named) => {
        const me = someone();
        const projectId = await world.project(me);
        const form = new FormData();
        for (const [index, part] of parts.entries()) form.append(part, new Blob([new Uint8Array(await png(20 + index, 20))]), `${String(index)}.png`);
        const reply = await world.call(me, 'POST', assetsPath(projectId), form);
        const body = (await reply.json()) as ProblemBody;
        expect([reply.status, body.code, Object.keys(body.errors ?? {})]).toEqual([422, 'validation_failed', [named]]);
        expect(await calls.listed(me, projectId)).toEqual([]);
        expect(await storedCount(me, projectId)).toBe(0);
        expect(await calls.usedBytes(me)).toBe(0);
      });
    });

    describe('the multipart body itself', () => {
      const boundary = 'boardsync-test-boundary';
      const head = (name = 'file', filename = 'card.png') =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`;

      async function post(
        caller: Caller,
        projectId: number,
        body: Buffer,
        contentType = `multipart/form-data; boundary=${boundary}`,
      ): Promise<Answer<ProblemBody>> {
        const response = await fetch(`${world.asset.url}${assetsPath(projectId)}`, {
          method: 'POST',
          headers: { [INTERNAL_PRINCIPAL_HEADER]: await world.principal(caller), 'content-type': contentType },
          body: new Uint8Array(body),
        });
        return { status: response.status, body: (await response.json()) as ProblemBody, headers: response.headers };
      }

      it('a flag sent after the file still applies', async () => {
        const me = someone();
        const projectId = await world.project(me);
        const body = Buffer.concat([
          Buffer.from(head()),
          await png(),
          Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="convert_to_webp"\r\n\r\ntrue\r\n--${boundary}--\r\n`),
        ]);
        const reply = await post(me, projectId, body);
        expect([reply.status, reply.body.name, reply.body.detail]).toEqual([201, 'card.webp', undefined]);
      });

      it('a body that ends before its closing boundary is 400 invalid_multipart, nothing stored', async () => {
        const me = someone();
        const projectId = await world.project(me);
        const reply = await post(me, projectId, Buffer.concat([Buffer.from(head()), await png()]));
        expectProblem(reply, 400, 'invalid_multipart');
        expect(await storedCount(me, projectId)).toBe(0);
        expect(await calls.usedBytes(me)).toBe(0);
      });

      it('multipart/form-data without a boundary is 400 invalid_multipart', async () => {
        const me = someone();
        const projectId = await world.project(me);
        expectProblem(await post(me, projectId, await png(), 'multipart/form-data'), 400, 'invalid_multipart');
      });

      it('a bare image body (not multipart) is 415', async () => {
        const me = someone();
        const projectId = await world.project(me);
        expectProblem(await post(me, projectId, await png(), 'image/png'), 415, 'unsupported_media_type');
        expect(await storedCount(me, projectId)).toBe(0);
      });
    });

    describe('scopes', () => {
      it('assets:read lists but cannot write; assets:write writes but cannot list', async () => {
        const owner = someone();
        const projectId = await world.project(owner);
        const art = await calls.uploaded(owner, projectId, await png(), 'card.png');
        const reader = { ...owner, scopes: ['assets:read'] };
        const writer = { ...owner, scopes: ['assets:write'] };
        expect((await calls.list(reader, projectId)).status).toBe(200);
        expectProblem(await calls.upload(reader, projectId, await png(), 'card.png'), 403, 'insufficient_scope');
        expectProblem(await calls.fromUrl(reader, projectId, ELSEWHERE), 403, 'insufficient_scope');
        expectProblem(await calls.remove(reader, projectId, art.key), 403, 'insufficient_scope');
        expectProblem(await calls.list(writer, projectId), 403, 'insufficient_scope');
        expect((await calls.remove(writer, projectId, art.key)).status).toBe(200);
        expect(await calls.usedBytes(owner)).toBe(0);
      });
    });

    describe('delete', () => {
      /** My project with an asset, my other project with one, and another designer's project with one. */
      async function neighbourhood() {
        const me = someone();
        const projectId = await world.project(me, 'Mine');
        const otherProjectId = await world.project(me, 'Also mine');
        const stranger = someone();
        const strangerProjectId = await world.project(stranger, 'Theirs');
        const mine = await calls.uploaded(me, projectId, await png(), 'card.png');
        const inOtherProject = await calls.uploaded(me, otherProjectId, await png(), 'card.png');
        const strangers = await calls.uploaded(stranger, strangerProjectId, await png(), 'card.png');
        return { me, projectId, otherProjectId, mine, inOtherProject, strangers };
      }

      it("refuses with 422 naming key anything outside the project's own folder, and removes nothing", async () => {
        const { me, projectId, otherProjectId, mine, inOtherProject, strangers } = await neighbourhood();
        const folder = folderOf(me, projectId);
        const otherTail = inOtherProject.key.slice(folderOf(me, otherProjectId).length); // {token}/card.png
        const refused = [
          '../x',
          `${folder}../${String(otherProjectId)}/${otherTail}`,
          `${folder}${mine.key.slice(folder.length).split('/')[0] ?? ''}/../../${String(otherProjectId)}/${otherTail}`,
          inOtherProject.key, // my own other project's real key
          `designers/${String(me.designerId)}/avatars/a.png`,
          strangers.key, // another designer's real key
          `${folder}card.png`, // not a shape we make
          `${folder}0123456789abcdef/.hidden.png`,
          `${folder}0123456789abcdef/sub/card.png`,
          `/${mine.key}`,
          mine.url, // the URL is not the key
          '',
        ];
        for (const key of refused) {
          const reply = await calls.remove(me, projectId, key);
          expect([key, reply.status, reply.body.code, Object.keys(reply.body.errors ?? {})]).toEqual([key, 422, 'validation_failed', ['key']]);
        }
        expectProblem(await calls.remove(me, projectId, 42), 422, 'validation_failed');
        for (const asset of [mine, inOtherProject, strangers]) expect(await world.objects.stat(asset.key)).toBeDefined();
        expect((await calls.listed(me, otherProjectId)).map((asset) => asset.key)).toEqual([inOtherProject.key]);
        expect(await calls.usedBytes(me)).toBe(mine.size + inOtherProject.size);
      });

      it('a well-formed key with no asset is 404; deleting twice is 404 the second time; each delete frees its bytes once', async () => {
        const me = someone();
        const projectId = await world.project(me);
        const first = await calls.uploaded(me, projectId, await png(), 'first.png');
        const second = await calls.uploaded(me, projectId, await png(30, 30), 'second.png');
        expect(await calls.usedBytes(me)).toBe(first.size + second.size);

        expectProblem(await calls.remove(me, projectId, `${folderOf(me, projectId)}0123456789abcdef/first.png`), 404, 'not_found');
        const deleted = await calls.remove(me, projectId, first.key);
        expect([deleted.status, deleted.body]).toEqual([200, { deleted: true }]);
        expect(await calls.usedBytes(me)).toBe(second.size);
        expectProblem(await calls.remove(me, projectId, first.key), 404, 'not_found');
        expect(await calls.usedBytes(me)).toBe(second.size);
        expect((await calls.listed(me, projectId)).map((asset) => asset.key)).toEqual([second.key]);
        expect(await calls.storedKeys(folderOf(me, projectId))).toEqual([second.key]);
      });

      it('two deletes of one asset at once free its bytes once', async () => {
        const me = someone();
        const projectId = await world.project(me);
        const kept = await calls.uploaded(me, projectId, await png(), 'kept.png');
        const doomed = await calls.uploaded(me, projectId, await png(30, 30), 'doomed.png');
        const replies = await Promise.all([calls.remove(me, projectId, doomed.key), calls.remove(me, projectId, doomed.key)]);
        expect(replies.map((reply) => reply.status)).toContain(200);
        for (const reply of replies) expect([200, 404]).toContain(reply.status);
        expect(await calls.usedBytes(me)).toBe(kept.size);
      });

      it('a component keeps pointing at the URL of a deleted asset', async () => {
        const me = someone();
        const projectId = await world.project(me);
        const art = await calls.uploaded(me, projectId, await png(), 'front.png');
        const created = await world.callCatalog(me, 'POST', `/api/v1/projects/${String(projectId)}/components`, {
          type: 'card',
          component: { unique_id: 'card-1', name: 'Card', image_url: art.url },
        });
        expect(created.status).toBe(201);
        expect((await calls.remove(me, projectId, art.key)).status).toBe(200);
        const listed = await world.callCatalog(me, 'GET', `/api/v1/projects/${String(projectId)}/components?unique_id=card-1`);
        const components = ((await listed.json()) as { data: { image_url: string | null }[] }).data;
        expect(components.map((component) => component.image_url)).toEqual([art.url]);
        expect(await world.objects.stat(art.key)).toBeUndefined();
      });
    });
  });
}
