import type { EntityManager } from '@mikro-orm/sql';
import { arrayLiteral } from '@boardsync/kit';
import { executeBound } from '@boardsync/kit/database';

/** Raised (by a trigger) when a webhook stops for a withdrawn consent: every replica forgets the standing it remembered. */
export const CONSENT_WITHDRAWN_CHANNEL = 'boardsync_consent_withdrawn';

/**
 * The name a webhook registered by an older gateway's principal (no credential in it) keeps: the
 * app's, which stands while any consent of that app does (`pat:*`: any live personal token).
 */
export function appWideRegistrant(source: string): string {
  return source === 'api:personal' ? 'pat:*' : `app:${source.slice('api:'.length)}`;
}

/**
 * Stops the designer's active webhooks registered under these consents and drops their queued
 * deliveries (settled unsent, as for a webhook deactivated by failures), in one statement. Returns
 * the webhooks stopped.
 */
export async function withdrawConsents(em: EntityManager, designerId: number, registrants: readonly string[]): Promise<number[]> {
  if (registrants.length === 0) return [];
  const rows = await executeBound<{ id: number }>(
    em,
    `with stopped as (
       update webhook set is_active = false, inactive_reason = 'consent_withdrawn'
        where designer_id = ? and registrant = any(?::text[]) and is_active
       returning id
     ),
     -- Run to completion though nothing reads it (as every data-modifying WITH).
     dropped as (
       update delivery set state = 'failed', next_attempt_at = null, leased_until = null, updated_at = now()
        where webhook_id in (select id from stopped) and state = 'pending'
       returning 1
     )
     select id from stopped`,
    [designerId, arrayLiteral([...registrants])],
  );
  return rows.map((row) => row.id);
}
