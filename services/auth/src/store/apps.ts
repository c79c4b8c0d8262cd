import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/sql';
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

export async function findAppsByClientIds(em: EntityManager, clientIds: readonly string[]): Promise<OAuthApp[]> {
  return clientIds.length === 0 ? [] : em.find(OAuthApp, { clientId: { $in: [...new Set(clientIds)] } });
}

export async function listApps(em: EntityManager, designerId: number): Promise<OAuthApp[]> {
  return em.find(OAuthApp, { designerId }, { orderBy: { id: 'asc' } });
}

export async function countDesignerApps(em: EntityManager, designerId: number): Promise<number> {
  return em.count(OAuthApp, { designerId });
}

/** Serializes a designer's app registrations until the transaction ends (the per-designer cap). */
export async function lockDesignerApps(em: SqlEntityManager, designerId: number): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(?, hashtext(?))', [designerId, 'oauth apps']);
}
