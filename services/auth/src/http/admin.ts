import Router from '@koa/router';
import { Problem, currentRequestContext, parseRequest, requireAdminToken, type Database } from '@boardsync/kit';
import { z } from 'zod';
import { normalizeScopes } from '../domain/scopes.ts';
import { ADMIN_SOURCE } from '../domain/sources.ts';
import { findDesigner } from '../store/designers.ts';
import { changePlan } from '../use-cases/change-plan.ts';
import { createDesigner } from '../use-cases/create-designer.ts';
import { deleteApp } from '../use-cases/delete-app.ts';
import { issuePersonalToken } from '../use-cases/issue-personal-token.ts';
import { registerApp } from '../use-cases/register-app.ts';
import { reviewApp } from '../use-cases/review-app.ts';
import { revokePersonalToken } from '../use-cases/revoke-personal-token.ts';
import { presentApp, presentDesigner, presentPersonalToken } from './presenters.ts';

export interface PlanDefaults {
  storageLimitBytes: number;
  unlockedProjectLimit: number | null;
}

const storageLimit = z.number().int().min(0);
const unlockedLimit = z.number().int().min(0).nullable();
const scopeList = z.union([z.string(), z.array(z.string())]).transform((value, ctx) => {
  const { scopes, unknown } = normalizeScopes(value);
  if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: `unknown scope(s): ${unknown.join(', ')}` });
  return scopes;
});

const newDesignerBody = z.object({
  name: z.string().trim().min(1).max(255),
  email: z.email().max(255),
  password: z.string().min(8, 'must be at least 8 characters').max(1024),
  storage_limit_bytes: storageLimit.optional(),
  unlocked_limit: unlockedLimit.optional(),
});
const planBody = z.object({ storage_limit_bytes: storageLimit.optional(), unlocked_limit: unlockedLimit.optional() });
const newTokenBody = z.object({
  designer_id: z.number().int().positive(),
  scopes: scopeList,
  name: z.string().trim().min(1).max(255).default('Personal token'),
});
const newAppBody = z.object({
  designer_id: z.number().int().positive(),
  name: z.string().trim().min(1).max(255),
  redirect_uris: z.array(z.string()).min(1),
  public: z.boolean().default(false),
  reviewed: z.boolean().default(false),
});
const reviewBody = z.object({ reviewed: z.boolean() });
const clientIdParam = z.object({ clientId: z.string().min(1) });
const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Operator API behind the admin token; `boardsync-admin` is its command line. */
export function adminRouter(orm: Database, adminToken: string, defaults: PlanDefaults, limits: { maxAppsPerDesigner: number }): Router {
  const router = new Router({ prefix: '/admin' });
  router.use(requireAdminToken(adminToken));

  router.post('/designers', async (ctx) => {
    const body = parseRequest(newDesignerBody, ctx.request.body);
    const designer = await createDesigner(orm.em.fork(), {
      name: body.name,
      email: body.email,
      password: body.password,
      storageLimitBytes: body.storage_limit_bytes ?? defaults.storageLimitBytes,
      unlockedProjectLimit: body.unlocked_limit === undefined ? defaults.unlockedProjectLimit : body.unlocked_limit,
    });
    ctx.status = 201;
    ctx.body = presentDesigner(designer);
  });

  router.get('/designers/:id', async (ctx) => {
    const { id } = parseRequest(idParam, ctx.params);
    const designer = await findDesigner(orm.em.fork(), id);
    if (!designer) throw Problem.notFound('designer');
    ctx.body = presentDesigner(designer);
  });

  router.patch('/designers/:id/plan', async (ctx) => {
    const { id } = parseRequest(idParam, ctx.params);
    const body = parseRequest(planBody, ctx.request.body);
    const requestId = currentRequestContext()?.requestId;
    const change = { storageLimitBytes: body.storage_limit_bytes, unlockedProjectLimit: body.unlocked_limit };
    ctx.body = presentDesigner(await changePlan(orm.em.fork(), id, change, { source: ADMIN_SOURCE, ...(requestId ? { requestId } : {}) }));
  });

  router.post('/tokens', async (ctx) => {
    const body = parseRequest(newTokenBody, ctx.request.body);
    const { token, record } = await issuePersonalToken(orm.em.fork(), body.designer_id, body.scopes, body.name);
    ctx.status = 201;
    ctx.body = { token, ...presentPersonalToken(record) };
  });

  router.delete('/tokens/:id', async (ctx) => {
    const { id } = parseRequest(idParam, ctx.params);
    ctx.body = presentPersonalToken(await revokePersonalToken(orm.em.fork(), id));
  });

  router.post('/apps', async (ctx) => {
    const body = parseRequest(newAppBody, ctx.request.body);
    const { app, clientSecret } = await registerApp(
      orm.em.fork(),
      {
        designerId: body.designer_id,
        name: body.name,
        redirectUris: body.redirect_uris,
        confidential: !body.public,
        reviewed: body.reviewed,
      },
      limits.maxAppsPerDesigner,
    );
    ctx.status = 201;
    ctx.body = { ...presentApp(app), client_secret: clientSecret };
  });

  router.patch('/apps/:clientId', async (ctx) => {
    const { clientId } = parseRequest(clientIdParam, ctx.params);
    const body = parseRequest(reviewBody, ctx.request.body);
    ctx.body = presentApp(await reviewApp(orm.em.fork(), clientId, body.reviewed));
  });

  router.delete('/apps/:clientId', async (ctx) => {
    const { clientId } = parseRequest(clientIdParam, ctx.params);
    ctx.body = { deleted: true, revoked_grants: await deleteApp(orm.em.fork(), clientId) };
  });

  return router;
}
