import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import {
  INTERNAL_PRINCIPAL_HEADER,
  REPLAYED_HEADER,
  bodyParser,
  idempotencyKeyOf,
  offsetOf,
  pageRequest,
  paginate,
  parseRequest,
  principalOf,
  publicPath,
} from '@boardsync/kit';
import {
  assetBody,
  pageOf,
  pageQuery,
  problemSchema,
  storedAssetBody,
  withExample,
  type Operation,
  type OperationResponse,
  type StoredAssetBody,
} from '@boardsync/kit/contract';
import type { AssetOwner } from '../domain/asset-key.ts';
import type { WorkPool } from '../media/work-pool.ts';
import type { ProjectFacts } from '../outbound/project-facts.ts';
import { listProjectAssets } from '../store/assets.ts';
import { answerFor } from '../use-cases/adapter-answers.ts';
import type { AssetRuntime } from '../use-cases/asset-runtime.ts';
import { deleteAsset } from '../use-cases/delete-asset.ts';
import type { IdempotentResult } from '@boardsync/kit';
import { mirrorAsset } from '../use-cases/mirror-asset.ts';
import { readableFolder, writableFolder } from '../use-cases/project-access.ts';
import type { StoredAsset } from '../use-cases/store-image.ts';
import { uploadAsset } from '../use-cases/upload-asset.ts';
import { presentAsset } from './asset-presenter.ts';
import { receiveUpload } from './multipart-upload.ts';
import { conversionTarget, deleteBody, formFlag, fromUrlBody, projectParam, uploadForm } from './requests.ts';

/** What every asset operation's handler is given. */
export interface AssetApi {
  runtime: AssetRuntime;
  /** The catalog's answers on a project: whose it is, whether it is locked. */
  facts: ProjectFacts;
  /** Uploads and mirrors in flight at once. */
  gate: WorkPool;
  /** The gateway's public origin, which links in answers start with. */
  publicBaseUrl: string;
}

export type AssetOperation = Operation<AssetApi>;

export const MAX_ASSETS_PER_PAGE = 200;
/** `from-url` and delete bodies are a URL or a key and two flags. */
const jsonBody = bodyParser('16kb');

/**
 * The caller's project folder, resolved before a byte of the body is read: 404 for a project
 * that is absent or someone else's, 409 `project_locked` for a write to a locked one.
 */
function folder(facts: ProjectFacts, access: typeof readableFolder): Middleware {
  return async (ctx, next) => {
    const { project } = parseRequest(projectParam, ctx.params);
    ctx.state.owner = await access(facts, principalOf(ctx).designerId, project, ctx.get(INTERNAL_PRINCIPAL_HEADER));
    await next();
  };
}

/** The folder `folder` resolved for this request: every asset operation runs behind it. */
function ownerOf(ctx: Context): AssetOwner {
  const owner = ctx.state.owner as AssetOwner | undefined;
  if (!owner) throw new Error(`${ctx.method} ${ctx.path} ran without its folder check`);
  return owner;
}

/**
 * Uploads and mirrors in flight at once: each may hold up to 50 MB of scratch before the image
 * pool sees it, so past this many the next is 503 `busy` before anything is read or fetched.
 */
function admitted(gate: WorkPool): Middleware {
  // The slot is taken and given back around the rest of the chain, which then runs as the
  // request's own: a stack taken in the work names the files a request passes, not the pool's.
  return async (_ctx, next) => {
    let leave: (() => void) | undefined;
    try {
      leave = await gate.enter();
      await next();
    } catch (error) {
      throw answerFor(error);
    } finally {
      leave?.();
    }
  };
}

function answerStored(ctx: Context, { result, replayed }: IdempotentResult<StoredAsset>): void {
  if (replayed) ctx.set(REPLAYED_HEADER, 'true');
  ctx.status = 201;
  ctx.body = { key: result.key, url: result.url, size: result.size, name: result.name } satisfies StoredAssetBody;
}

const problem = (description: string, headers?: Record<string, string>): OperationResponse => ({
  description,
  schema: problemSchema,
  ...(headers ? { headers } : {}),
});

const projectNotFound = problem('No such project of the caller’s (`not_found`; another designer’s is as absent).');
const locked = 'The project is locked (`project_locked`).';
const RETRY_AFTER = { 'Retry-After': 'Seconds to wait before trying again.' };

const stored = (what: string): OperationResponse => ({
  description: `${what} stored, or an earlier request with the same Idempotency-Key answered again.`,
  schema: storedAssetBody,
});

/** What an upload and a from-url both answer: the project's folder, the bounded image work (the Idempotency-Key's refusals are every POST's). */
const storing = {
  404: projectNotFound,
  409: problem(locked),
  503: problem(
    'Too many images in flight (`busy`), or artwork storage or a service on the way is unavailable (`service_unavailable`, `auth_unavailable`); nothing was stored; retry after `Retry-After` seconds.',
    RETRY_AFTER,
  ),
} satisfies Record<number, OperationResponse>;

const IMAGE_REFUSALS =
  'the storage quota would be exceeded (`storage_quota_exceeded`, with `needed_bytes`, `limit_bytes`, `used_bytes`, `remaining_bytes`), too many pixels or frames (`image_too_large`), a corrupt image (`invalid_image`), or too much work to process (`image_too_complex`)';

/** docs/rules.md "Assets": the asset service's public API, from which its router, the contract and the gateway's route table are built. */
export const assetOperations: AssetOperation[] = [
  {
    method: 'GET',
    path: '/projects/:project/assets',
    scope: 'assets:read',
    operationId: 'listAssets',
    summary: 'List the files in a project’s storage folder, newest first',
    tags: ['Assets'],
    params: projectParam,
    query: pageQuery,
    responses: {
      200: { description: 'A page of assets (`per_page` 50 by default, at most 200).', schema: pageOf(assetBody) },
      404: projectNotFound,
      422: problem('`project` is not a positive integer (`validation_failed`).'),
    },
    before: ({ facts }) => [folder(facts, readableFolder)],
    async handle(ctx, { runtime, publicBaseUrl }) {
      const request = pageRequest(ctx.query, { maxPerPage: MAX_ASSETS_PER_PAGE });
      const { rows, total } = await listProjectAssets(runtime.orm.em.fork(), ownerOf(ctx), offsetOf(request), request.perPage);
      ctx.body = paginate(
        rows.map((row) => presentAsset(row, runtime.assetBaseUrl)),
        total,
        request,
        publicPath(publicBaseUrl, ctx),
        {},
      );
    },
  },
  {
    method: 'POST',
    path: '/projects/:project/assets',
    scope: 'assets:write',
    usesPlan: true,
    operationId: 'uploadAsset',
    summary: 'Upload an image into the project’s folder, optionally converted to WebP or AVIF',
    description: 'The body is streamed: past 50 MB the answer is 413 at once and the connection is closed, the rest unread.',
    tags: ['Assets'],
    params: projectParam,
    body: withExample(uploadForm, { file: '(the image’s bytes, as a file part named squall.png)', convert_to_webp: 'true' }),
    bodyMediaType: 'multipart/form-data',
    responses: {
      201: stored('The image'),
      400: problem('A malformed multipart body (`invalid_multipart`).'),
      404: storing[404],
      409: storing[409],
      413: problem('The file is larger than 50 MB, or an SVG larger than 5 MB (`payload_too_large`, with `max_bytes` for the former).'),
      415: problem(
        'The body is not `multipart/form-data`, or the file is not one of the six image types by its bytes (`unsupported_media_type`, with `accepted`).',
      ),
      422: problem(
        `An invalid path or form field (\`validation_failed\`: no \`file\` part, a second file, a flag that is not boolean, both conversions, an animation to AVIF), ${IMAGE_REFUSALS}.`,
      ),
      503: storing[503],
    },
    // The multipart body is streamed to scratch by the handler, never parsed here.
    before: ({ facts, gate }) => [folder(facts, writableFolder), admitted(gate)],
    async handle(ctx, { runtime }) {
      const idempotencyKey = idempotencyKeyOf(ctx);
      const upload = await receiveUpload(ctx, runtime.scratch, runtime.limits.uploadMaxBytes);
      try {
        const convertTo = conversionTarget(formFlag(upload.fields, 'convert_to_webp'), formFlag(upload.fields, 'convert_to_avif'));
        answerStored(
          ctx,
          await uploadAsset(runtime, principalOf(ctx), { owner: ownerOf(ctx), file: upload.file, filename: upload.filename, convertTo, idempotencyKey }),
        );
      } finally {
        await runtime.scratch.remove(upload.file.path);
      }
    },
  },
  {
    method: 'POST',
    path: '/projects/:project/assets/from-url',
    scope: 'assets:write',
    usesPlan: true,
    operationId: 'mirrorAssetFromUrl',
    summary: 'Fetch an image from a public http(s) URL and store it like an upload',
    description:
      'Private, loopback, link-local and other internal addresses are refused, after every redirect too (at most 5). The stored name comes from the final URL’s last segment.',
    tags: ['Assets'],
    params: projectParam,
    body: withExample(fromUrlBody, { url: 'https://art.example/cards/squall.png', convert_to_webp: true }),
    responses: {
      201: stored('The fetched image'),
      400: problem('The body is not valid JSON (`invalid_json`).'),
      404: storing[404],
      409: storing[409],
      413: problem('The remote file is larger than 50 MB (`payload_too_large`, with `max_bytes`), or the JSON body larger than 16 KB.'),
      415: problem('The remote file is not one of the six image types by its bytes (`unsupported_media_type`, with `accepted`).'),
      422: problem(
        `An invalid field or a URL that may not be fetched (\`validation_failed\`; a refused URL carries \`reason\`: \`blocked_address\`, \`scheme\`, \`credentials\`, \`invalid_url\`, \`unresolvable\`), a fetch that failed (\`url_fetch_failed\`, \`reason\` \`http_status\` with \`remote_status\`, \`timeout\`, \`connection\` or \`too_many_redirects\`), ${IMAGE_REFUSALS}.`,
      ),
      503: storing[503],
    },
    before: ({ facts, gate }) => [folder(facts, writableFolder), jsonBody, admitted(gate)],
    async handle(ctx, { runtime }) {
      const idempotencyKey = idempotencyKeyOf(ctx);
      const body = parseRequest(fromUrlBody, ctx.request.body);
      const convertTo = conversionTarget(body.convert_to_webp, body.convert_to_avif);
      answerStored(ctx, await mirrorAsset(runtime, principalOf(ctx), { owner: ownerOf(ctx), url: body.url, convertTo, idempotencyKey }));
    },
  },
  {
    method: 'DELETE',
    path: '/projects/:project/assets',
    scope: 'assets:write',
    operationId: 'deleteAsset',
    summary: 'Delete one asset of the project’s folder by its key, freeing its quota',
    description: 'Components pointing at its URL keep pointing at it.',
    tags: ['Assets'],
    params: projectParam,
    body: withExample(deleteBody, { key: 'designers/7/projects/42/3f9c2a7b1e0d4c55/squall.webp' }),
    responses: {
      200: { description: 'Deleted.', schema: z.object({ deleted: z.literal(true) }) },
      400: problem('The body is not valid JSON (`invalid_json`).'),
      404: problem('No such project of the caller’s, or no asset with this key (`not_found`).'),
      409: problem(locked),
      413: problem('The JSON body is larger than 16 KB (`payload_too_large`).'),
      422: problem('An invalid field, or a key outside this project’s folder (`validation_failed`, naming `key`).'),
      503: problem(
        'Artwork storage, the catalog or auth cannot be reached (`service_unavailable`, `auth_unavailable`); the asset is still listed; retry after `Retry-After` seconds.',
        RETRY_AFTER,
      ),
    },
    before: ({ facts }) => [folder(facts, writableFolder), jsonBody],
    async handle(ctx, { runtime }) {
      const { key } = parseRequest(deleteBody, ctx.request.body);
      await deleteAsset(runtime, ownerOf(ctx), key, principalOf(ctx).source);
      ctx.body = { deleted: true };
    },
  },
];
