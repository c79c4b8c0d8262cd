import type { EntityManager } from '@mikro-orm/sql';
import { arrayLiteral } from '@boardsync/kit';
import { executeBound } from '@boardsync/kit/database';

/** A catalog event to fan out: its body after the delivery id (envelope.ts `bodyAfterId`), the same for each of its deliveries. */
export interface EventToQueue {
  eventId: string;
  designerId: number;
  event: string;
  bodyAfterId: string;
  /** The trace its deliveries' attempts continue, when tracing is on. */
  traceparent: string | null;
}

/**
 * Queues one delivery per active webhook of each event's designer subscribed to its event, in one
 * statement: marks the events fanned out, and an event marked before (a redelivered message), or
 * twice in the batch, queues nothing more. Deliveries are due now (the database's clock, which
 * every claim compares with) and numbered in the events' order, then by webhook id, so claims take
 * them in that order. Each delivery's id is made here, and its body is `{"id":"<that id>",`
 * followed by the event's `bodyAfterId`. Returns how many deliveries were queued.
 */
export async function queueEventDeliveries(em: EntityManager, events: readonly EventToQueue[]): Promise<number> {
  if (events.length === 0) return 0;
  // `queued` is materialized so each row's id is drawn once, for both its column and its body.
  const [counted] = await executeBound<{ queued: number }>(
    em,
    `with fresh as (
       insert into fanned_out_event (event_id) select unnest(?::uuid[]) on conflict do nothing returning event_id
     ),
     events as (
       select distinct on (e.event_id) e.event_id, e.designer_id, e.event, e.body_after_id, e.traceparent, e.position
         from unnest(?::uuid[], ?::int[], ?::text[], ?::text[], ?::text[])
              with ordinality as e(event_id, designer_id, event, body_after_id, traceparent, position)
        where e.event_id in (select event_id from fresh)
        order by e.event_id, e.position
     ),
     queued as materialized (
       select gen_random_uuid() as id, w.id as webhook_id, w.designer_id, e.event, e.body_after_id, e.traceparent, e.position
         from events e join webhook w on w.designer_id = e.designer_id and w.is_active and e.event = any(w.events)
     ),
     inserted as (
       insert into delivery (id, webhook_id, designer_id, event, body, state, attempts, next_attempt_at, traceparent)
       select id, webhook_id, designer_id, event, '{"id":"' || id::text || '",' || body_after_id, 'pending', 0, now(), traceparent
         from queued order by position, webhook_id
       returning 1
     )
     select count(*)::int as queued from inserted`,
    [
      arrayLiteral(events.map((event) => event.eventId)),
      arrayLiteral(events.map((event) => event.eventId)),
      arrayLiteral(events.map((event) => event.designerId)),
      arrayLiteral(events.map((event) => event.event)),
      arrayLiteral(events.map((event) => event.bodyAfterId)),
      arrayLiteral(events.map((event) => event.traceparent)),
    ],
  );
  return counted?.queued ?? 0;
}
