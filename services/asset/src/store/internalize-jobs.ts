import type { EntityManager } from '@mikro-orm/sql';

export async function isInternalizeDone(em: EntityManager, eventId: string): Promise<boolean> {
  const rows = await em.execute<{ event_id: string }[]>('select event_id from internalize_job where event_id = ?', [eventId]);
  return rows.length > 0;
}

/** Marks a request answered; call in the transaction that enqueues its completion event. */
export async function markInternalizeDone(tx: EntityManager, eventId: string, projectId: number): Promise<void> {
  await tx.execute('insert into internalize_job (event_id, project_id) values (?, ?) on conflict do nothing', [eventId, projectId]);
}
