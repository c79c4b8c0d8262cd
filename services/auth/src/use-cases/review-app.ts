import type { EntityManager } from '@mikro-orm/core';
import { Problem } from '@boardsync/kit';
import { findApp } from '../store/apps.ts';
import type { OAuthApp } from '../store/entities/oauth-app.ts';

/** `PATCH /admin/apps/:clientId`: an operator marks an app reviewed (anyone may then authorize it), or takes that back. */
export async function reviewApp(em: EntityManager, clientId: string, reviewed: boolean): Promise<OAuthApp> {
  const app = await findApp(em, clientId);
  if (!app) throw Problem.notFound('app');
  app.reviewed = reviewed;
  await em.flush();
  return app;
}
