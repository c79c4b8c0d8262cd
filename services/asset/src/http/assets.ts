import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { INTERNAL_PRINCIPAL_HEADER, bodyParser, offsetOf, pageRequest, paginate, parseRequest, principalOf, publicPath } from '@boardsync/kit';
import type { AssetOwner } from '../domain/asset-key.ts';
import type { WorkPool } from '../media/work-pool.ts';
import type { ProjectFacts } from '../outbound/project-facts.ts';
import { listProjectAssets } from '../store/assets.ts';
import type { AssetRuntime } from '../use-cases/asset-runtime.ts';
import { deleteAsset } from '../use-cases/delete-asset.ts';
import type { IdempotentResult } from '../use-cases/idempotent.ts';
import { mirrorAsset } from '../use-cases/mirror-asset.ts';
import { readableFolder, writableFolder } from '../use-cases/project-access.ts';
import type { StoredAsset } from '../use-cases/store-image.ts';
import { uploadAsset } from '../use-cases/upload-asset.ts';
import { presentAsset } from './asset-presenter.ts';
import type { StoredAssetBody } from '@boardsync/kit/contract';
import { receiveUpload } from './multipart-upload.ts';
import { conversionTarget, deleteBody, formFlag, fromUrlBody, idempotencyKeyOf, projectParam } from './requests.ts';
import { answering } from '../use-cases/adapter-answers.ts';

export const MAX_ASSETS_PER_PAGE = 200;
/** `from-url` and delete bodies are a URL or a key and two flags. */
const jsonBody = bodyParser('16kb');

interface FolderState {
  owner: AssetOwner;
}

/**
 * The caller's project folder, resolved before a byte of the body is read: 404 for a project
 * that is absent or someone else's, 409 `project_locked` for a write to a locked one.
 */
function folder(facts: ProjectFacts, access: typeof readableFolder): Middleware<FolderState> {
  return async (ctx, next) => {
    const { project } = parseRequest(projectParam, ctx.params);
    ctx.state.owner = await access(facts, principalOf(ctx).designerId, project, ctx.get(INTERNAL_PRINCIPAL_HEADER));
    await next();
  };
}

/**
 * Uploads and mirrors in flight at once: each may hold up to 50 MB of scratch before the image
 * pool sees it, so past this many the next is 503 `busy` before anything is read or fetched.
 */
function admitted(gate: WorkPool): Middleware {
  return (_ctx, next) => answering(() => gate.run(next));
}

function answerStored(ctx: Context, { result, replayed }: IdempotentResult<StoredAsset>): void {
  if (replayed) ctx.set('Idempotent-Replayed', 'true');
  ctx.status = 201;
  ctx.body = { key: result.key, url: result.url, size: result.size, name: result.name } satisfies StoredAssetBody;
}

/** docs/rules.md "Assets". */
export function assetsRouter(runtime: AssetRuntime, facts: ProjectFacts, gate: WorkPool, links: { publicBaseUrl: string }): Router<FolderState> {
  const router = new Router<FolderState>({ prefix: '/api/v1/projects/:project/assets' });
  const readable = folder(facts, readableFolder);
  const writable = folder(facts, writableFolder);

  router.get('/', readable, async (ctx) => {
    const request = pageRequest(ctx.query, { maxPerPage: MAX_ASSETS_PER_PAGE });
    const { rows, total } = await listProjectAssets(runtime.orm.em.fork(), ctx.state.owner, offsetOf(request), request.perPage);
    ctx.body = paginate(
      rows.map((row) => presentAsset(row, runtime.assetBaseUrl)),
      total,
      request,
      publicPath(links.publicBaseUrl, ctx),
      {},
    );
  });

  router.post('/', writable, admitted(gate), async (ctx) => {
    const idempotencyKey = idempotencyKeyOf(ctx);
    const upload = await receiveUpload(ctx, runtime.scratch, runtime.limits.uploadMaxBytes);
    try {
      const convertTo = conversionTarget(formFlag(upload.fields, 'convert_to_webp'), formFlag(upload.fields, 'convert_to_avif'));
      answerStored(
        ctx,
        await uploadAsset(runtime, principalOf(ctx), { owner: ctx.state.owner, file: upload.file, filename: upload.filename, convertTo, idempotencyKey }),
      );
    } finally {
      await runtime.scratch.remove(upload.file.path);
    }
  });

  router.post('/from-url', writable, jsonBody, admitted(gate), async (ctx) => {
    const idempotencyKey = idempotencyKeyOf(ctx);
    const body = parseRequest(fromUrlBody, ctx.request.body);
    const convertTo = conversionTarget(body.convert_to_webp, body.convert_to_avif);
    answerStored(ctx, await mirrorAsset(runtime, principalOf(ctx), { owner: ctx.state.owner, url: body.url, convertTo, idempotencyKey }));
  });

  router.delete('/', writable, jsonBody, async (ctx) => {
    const { key } = parseRequest(deleteBody, ctx.request.body);
    await deleteAsset(runtime, ctx.state.owner, key, principalOf(ctx).source);
    ctx.body = { deleted: true };
  });

  return router;
}
