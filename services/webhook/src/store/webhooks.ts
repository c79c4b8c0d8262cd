import type { EntityManager } from '@mikro-orm/sql';
import { Webhook } from './entities/webhook.ts';

export interface Registrant {
  designerId: number;
  app: string;
}

export function listAppWebhooks(em: EntityManager, { designerId, app }: Registrant): Promise<Webhook[]> {
  return em.find(Webhook, { designerId, app }, { orderBy: { id: 'asc' } });
}

export function countAppWebhooks(em: EntityManager, { designerId, app }: Registrant): Promise<number> {
  return em.count(Webhook, { designerId, app });
}

export function countDesignerWebhooks(em: EntityManager, designerId: number): Promise<number> {
  return em.count(Webhook, { designerId });
}

/** The app's own webhook, or null (another app's or designer's is as absent). */
export function findAppWebhook(em: EntityManager, { designerId, app }: Registrant, id: number): Promise<Webhook | null> {
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? em.findOne(Webhook, { id, designerId, app }) : Promise.resolve(null);
}

/**
 * Serializes a designer's registrations, whatever the app, until the transaction ends (the caps per
 * app and per designer). The key's second half, 0, is no app's: releases before this one locked
 * (designer, hashtext(app)).
 */
export async function lockRegistrations(em: EntityManager, { designerId }: Registrant): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(?, 0)', [designerId]);
}

/** Deletes the app's own webhook (its deliveries and attempts go by cascade); false when there was none to delete. */
export async function deleteAppWebhook(em: EntityManager, { designerId, app }: Registrant, id: number): Promise<boolean> {
  return (await em.nativeDelete(Webhook, { id, designerId, app })) > 0;
}

/** Every webhook on a designer's account, whichever app or token registered it (the settings page, operators). */
export function listDesignerWebhooks(em: EntityManager, designerId: number): Promise<Webhook[]> {
  return em.find(Webhook, { designerId }, { orderBy: { id: 'asc' } });
}

/** Deletes one webhook of the designer's, whichever app registered it (its deliveries go by cascade); false when there was none. */
export async function deleteDesignerWebhook(em: EntityManager, designerId: number, id: number): Promise<boolean> {
  return Number.isSafeInteger(id) && id <= 2_147_483_647 && (await em.nativeDelete(Webhook, { id, designerId })) > 0;
}

/** An operator's delete: any webhook by id; false when there was none. */
export async function deleteWebhookById(em: EntityManager, id: number): Promise<boolean> {
  return Number.isSafeInteger(id) && id <= 2_147_483_647 && (await em.nativeDelete(Webhook, { id })) > 0;
}

/** A page of (id, stored secret) after `afterId`, in id order: for resealing under a new key. */
export async function secretsAfter(em: EntityManager, afterId: number, limit: number): Promise<{ id: number; secret: string }[]> {
  return em.execute<{ id: number; secret: string }[]>('select id, secret from webhook where id > ? order by id limit ?', [afterId, limit]);
}

/** How many stored secrets do not start with `prefix` (the current key's and version's: an older key's, a bare one, or one no key opens). */
export async function countSecretsNotUnder(em: EntityManager, prefix: string): Promise<number> {
  const [row] = await em.execute<{ count: number }[]>('select count(*)::int as count from webhook where left(secret, ?) <> ?', [prefix.length, prefix]);
  return row?.count ?? 0;
}

/** Replaces a stored secret only if it is still the one read: a replica resealing at the same time changes nothing twice. */
export async function replaceSecret(em: EntityManager, id: number, read: string, sealed: string): Promise<boolean> {
  return (await em.nativeUpdate(Webhook, { id, secret: read }, { secret: sealed })) === 1;
}
