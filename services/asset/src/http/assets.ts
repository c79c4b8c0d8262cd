import Router from '@koa/router';
import type { Context } from 'koa';
import { INTERNAL_PRINCIPAL_HEADER, bodyParser, offsetOf, pageRequest, paginate, parseRequest, principalOf, publicPath } from '@boardsync/kit';
import { conversionTarget } from '../domain/conversion.ts';
import type { ProjectFacts } from '../peers/project-facts.ts';
import { listProjectAssets } from '../store/assets.ts';
import type { AssetRuntime } from '../use-cases/asset-runtime.ts';
import { deleteAsset } from '../use-cases/delete-asset.ts';
import type { IdempotentResult } from '../use-cases/idempotent.ts';
import { mirrorAsset } from '../use-cases/mirror-asset.ts';
import { readableFolder, writableFolder } from '../use-cases/project-access.ts';
import type { StoredAsset } from '../use-cases/store-image.ts';
import { uploadAsset } from '../use-cases/upload-asset.ts';
import { presentAsset } from './asset-presenter.ts';
import { receiveUpload } from './multipart-upload.ts';
import { deleteBody, formFlag, fromUrlBody, idempotencyKeyOf, projectParam } from './requests.ts';

export const MAX_ASSETS_PER_PAGE = 200;
/** `from-url` and delete bodies are a URL or a key and two flags. */
const jsonBody = bodyParser('16kb');

function folderArguments(ctx: Context): [number, number, string] {
  const { project } = parseRequest(projectParam, ctx.params);
  return [principalOf(ctx).designerId, project, ctx.get(INTERNAL_PRINCIPAL_HEADER)];
}

function answerStored(ctx: Context, { result, replayed }: IdempotentResult<StoredAsset>): void {
  if (replayed) ctx.set('Idempotent-Replayed', 'true');
  ctx.status = 201;
  ctx.body = { key: result.key, url: result.url, size: result.size, name: result.name };
}

/** Spec §4 Assets. The project is the caller's (the catalog says so) before a byte of the body is read. */
export function assetsRouter(runtime: AssetRuntime, facts: ProjectFacts, links: { publicBaseUrl: string }): Router {
  const router = new Router({ prefix: '/api/v1/projects/:project/assets' });

  router.get('/', async (ctx) => {
    const owner = await readableFolder(facts, ...folderArguments(ctx));
    const request = pageRequest(ctx.query, { maxPerPage: MAX_ASSETS_PER_PAGE });
    const { rows, total } = await listProjectAssets(runtime.orm.em.fork(), owner, offsetOf(request), request.perPage);
    ctx.body = paginate(
      rows.map((row) => presentAsset(row, runtime.assetBaseUrl)),
      total,
      request,
      publicPath(links.publicBaseUrl, ctx),
      {},
    );
  });

  router.post('/', async (ctx) => {
    const owner = await writableFolder(facts, ...folderArguments(ctx));
    const idempotencyKey = idempotencyKeyOf(ctx);
    const upload = await receiveUpload(ctx, runtime.scratch, runtime.limits.uploadMaxBytes);
    try {
      const convertTo = conversionTarget(formFlag(upload.fields, 'convert_to_webp'), formFlag(upload.fields, 'convert_to_avif'));
      answerStored(ctx, await uploadAsset(runtime, principalOf(ctx), { owner, file: upload.file, filename: upload.filename, convertTo, idempotencyKey }));
    } finally {
      await runtime.scratch.remove(upload.file.path);
    }
  });

  router.post('/from-url', jsonBody, async (ctx) => {
    const owner = await writableFolder(facts, ...folderArguments(ctx));
    const idempotencyKey = idempotencyKeyOf(ctx);
    const body = parseRequest(fromUrlBody, ctx.request.body);
    const convertTo = conversionTarget(body.convert_to_webp, body.convert_to_avif);
    answerStored(ctx, await mirrorAsset(runtime, principalOf(ctx), { owner, url: body.url, convertTo, idempotencyKey }));
  });

  router.delete('/', jsonBody, async (ctx) => {
    const owner = await writableFolder(facts, ...folderArguments(ctx));
    const { key } = parseRequest(deleteBody, ctx.request.body);
    await deleteAsset(runtime, owner, key);
    ctx.body = { deleted: true };
  });

  return router;
}
