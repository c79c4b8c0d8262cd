import type { EntityManager } from '@mikro-orm/core';
import { OAuthApp } from './entities/oauth-app.ts';

export async function findApp(em: EntityManager, clientId: string): Promise<OAuthApp | null> {
  return em.findOne(OAuthApp, { clientId });
}

export async function findAppById(em: EntityManager, id: number): Promise<OAuthApp | null> {
  return em.findOne(OAuthApp, { id });
}

export async function findAppsByIds(em: EntityManager, ids: readonly number[]): Promise<OAuthApp[]> {
  return em.find(OAuthApp, { id: { $in: [...new Set(ids)] } });
}

export async function listApps(em: EntityManager, designerId: number): Promise<OAuthApp[]> {
  return em.find(OAuthApp, { designerId }, { orderBy: { id: 'asc' } });
}
