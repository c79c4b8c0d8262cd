import type { EntityManager } from '@mikro-orm/sql';
import { Problem, type Principal } from '@boardsync/kit';
import { deleteAppWebhook } from '../store/webhooks.ts';

/**
 * `DELETE /webhooks/{webhook}`: only the registering app's, for this designer; another app's or
 * designer's is as absent (404). Its deliveries, queued or done, and their attempts go with it
 * (foreign keys `on delete cascade`), so nothing queued is sent afterwards: each attempt re-checks
 * that its webhook still exists.
 */
export async function deleteWebhook(em: EntityManager, principal: Principal, id: number): Promise<void> {
  const deleted = await deleteAppWebhook(em, { designerId: principal.designerId, app: principal.source }, id);
  if (!deleted) throw Problem.notFound('webhook');
}
