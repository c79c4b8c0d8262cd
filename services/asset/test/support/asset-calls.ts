import { rm } from 'node:fs/promises';
import { afterEach, expect } from '@jest/globals';
import type { AssetWorld, Caller } from './world.ts';

/** The upload answer (docs/rules.md "Assets"). */
export interface UploadBody {
  key: string;
  url: string;
  size: number;
  name: string;
}

export interface ListedAsset extends UploadBody {
  last_modified: string;
}

/** An error answer (RFC 9457 with our `code`, field `errors` and the code's own members). */
export interface ProblemBody {
  status: number;
  code: string;
  detail: string;
  errors?: Record<string, string[]>;
  [member: string]: unknown;
}

export interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

export const assetsPath = (projectId: number | string): string => `/api/v1/projects/${String(projectId)}/assets`;

/** A multipart form with the image in `file` (as a browser sends it: filename and declared type) and any fields. */
export function uploadForm(bytes: Buffer, filename: string, fields: Record<string, string> = {}, declaredType = 'application/octet-stream'): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: declaredType }), filename);
  return form;
}

async function answer<T>(response: Response): Promise<Answer<T>> {
  const text = await response.text();
  return { status: response.status, body: (text === '' ? {} : JSON.parse(text)) as T, headers: response.headers };
}

/** Bound to a world: the calls the suites make, with their bodies already read. */
export function assetCalls(world: AssetWorld) {
  const calls = {
    async upload(
      caller: Caller,
      projectId: number | string,
      bytes: Buffer,
      filename: string,
      options: { fields?: Record<string, string>; declaredType?: string; headers?: Record<string, string> } = {},
    ): Promise<Answer<UploadBody & ProblemBody>> {
      const form = uploadForm(bytes, filename, options.fields, options.declaredType);
      return answer(await world.call(caller, 'POST', assetsPath(projectId), form, options.headers));
    },

    /** An upload that must succeed. */
    async uploaded(caller: Caller, projectId: number, bytes: Buffer, filename: string, fields: Record<string, string> = {}): Promise<UploadBody> {
      const reply = await calls.upload(caller, projectId, bytes, filename, { fields });
      expect([reply.status, reply.body.code]).toEqual([201, undefined]);
      return reply.body;
    },

    async list(caller: Caller, projectId: number | string): Promise<Answer<{ data: ListedAsset[] } & ProblemBody>> {
      return answer(await world.call(caller, 'GET', `${assetsPath(projectId)}?per_page=200`));
    },

    /** The project's listing, which must be readable. */
    async listed(caller: Caller, projectId: number): Promise<ListedAsset[]> {
      const reply = await calls.list(caller, projectId);
      expect(reply.status).toBe(200);
      return reply.body.data;
    },

    async remove(caller: Caller, projectId: number | string, key: unknown): Promise<Answer<{ deleted: boolean } & ProblemBody>> {
      return answer(await world.call(caller, 'DELETE', assetsPath(projectId), { key }));
    },

    async fromUrl(caller: Caller, projectId: number | string, url: string): Promise<Answer<UploadBody & ProblemBody>> {
      return answer(await world.call(caller, 'POST', `${assetsPath(projectId)}/from-url`, { url }));
    },

    /** What `/internal/designers/{id}/storage` says the caller uses. */
    async usedBytes(caller: Caller): Promise<number> {
      const reply = await answer<{ used_bytes: number }>(await world.callInternal(caller, `/internal/designers/${String(caller.designerId)}/storage`));
      expect(reply.status).toBe(200);
      return reply.body.used_bytes;
    },

    /** The keys really in the object store under a project's folder (or any prefix). */
    async storedKeys(prefix: string): Promise<string[]> {
      return (await world.objects.list(prefix, 1000)).map((object) => object.key);
    },
  };
  return calls;
}

export const folderOf = (caller: Caller, projectId: number): string => `designers/${String(caller.designerId)}/projects/${String(projectId)}/`;

/**
 * The asset service's scratch files still there after up to `waitMs` (a request's clean-up may
 * finish just after its answer). They are removed, so one test's leak fails that test only.
 */
export async function scratchLeftovers(world: AssetWorld, waitMs = 2_000): Promise<string[]> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const files = await world.scratchFiles();
    if (files.length === 0) return files;
    if (Date.now() > deadline) {
      await Promise.all(files.map((file) => rm(file, { force: true })));
      return files;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Registers the check every upload test ends with: whatever the answer, no spooled upload or conversion output is left behind. */
export function leavesNoScratchFiles(world: AssetWorld): void {
  afterEach(async () => {
    expect(await scratchLeftovers(world)).toEqual([]);
  });
}
