import type { EntityManager } from '@mikro-orm/sql';

export async function isInternalizeDone(em: EntityManager, eventId: string): Promise<boolean> {
  const rows = await em.execute<{ event_id: string }[]>('select event_id from internalize_job where event_id = ?', [eventId]);
  return rows.length > 0;
}

/**
 * Marks a request answered, in the transaction that enqueues its completion event; false when
 * another delivery of it got there first (then this one must publish nothing).
 */
export async function markInternalizeDone(tx: EntityManager, eventId: string, projectId: number): Promise<boolean> {
  const rows = await tx.execute<{ event_id: string }[]>(
    'insert into internalize_job (event_id, project_id) values (?, ?) on conflict do nothing returning event_id',
    [eventId, projectId],
  );
  return rows.length > 0;
}
