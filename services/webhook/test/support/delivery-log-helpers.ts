import { randomUUID } from 'node:crypto';
import { expect } from '@jest/globals';
import type { EventBody } from '@boardsync/kit';
import { eventually } from '@boardsync/kit/testing';
import type { Receiver } from './receiver.ts';
import { send as sendTo, sqlOf, type Answer } from './webhook-api.ts';
import type { Caller, WebhookWorld } from './world.ts';

export interface DeliveryView {
  id: string;
  event: string;
  status: string;
  attempts: number;
  in_progress: boolean;
  created_at: string;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status: number | null;
  last_error_class: string | null;
}

export interface AttemptView {
  attempted_at: string;
  status: number | null;
  duration_ms: number;
  error_class: string | null;
  response_excerpt: string | null;
}

export interface DetailView extends DeliveryView {
  payload: unknown;
  attempt_log: AttemptView[];
}

export interface Page {
  data: DeliveryView[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: { current_page: number; last_page: number; per_page: number; total: number; from: number | null; to: number | null; path: string };
}

export interface PingView {
  delivery_id: string;
  event: string;
  status: number | null;
  duration_ms: number;
  error_class: string | null;
  succeeded: boolean;
}

export const componentsChanged = (projectId: number): EventBody => ({
  $case: 'componentsChanged',
  value: { projectId, type: 'card', created: 1, updated: 0, deleted: 0, components: [{ id: projectId * 100, name: 'Ace', type: 'card' }] },
});

export const DAY_MS = 86_400_000;

/** The delivery-log suites' calls: the API, a webhook on the suite's receiver, and delivery rows made or read directly. */
export function deliveryLogHelpers(world: WebhookWorld, receiver: Receiver) {
  const send = <T>(caller: Caller, method: string, path: string, body?: unknown): Promise<Answer<T>> => sendTo<T>(world, caller, method, path, body);
  const register = async (caller: Caller, path: string): Promise<{ id: number; secret: string }> => {
    const answer = await send<{ id: number; secret: string }>(caller, 'POST', '/api/v1/webhooks', {
      url: receiver.url(path),
      events: ['components.changed'],
    });
    expect(answer.status).toBe(201);
    return answer.body;
  };
  const sql = sqlOf(world);
  const states = (webhookId: number) =>
    sql<{ id: string; state: string; attempts: number }>('select id, state, attempts from delivery where webhook_id = ? order by created_at, id', [webhookId]);
  /** A delivery row as the fan-out makes it, created `ageMs` ago, in any state (pending ones not due for a day). */
  const insertDelivery = async (webhookId: number, state: string, ageMs: number, id: string = randomUUID()): Promise<string> => {
    const createdAt = new Date(Date.now() - ageMs);
    const body = JSON.stringify({ id, event: 'components.changed', created_at: createdAt.toISOString(), data: { project_id: 1 } });
    await sql(
      `insert into delivery (id, webhook_id, event, body, state, attempts, next_attempt_at, created_at)
       values (?, ?, 'components.changed', ?, ?, ?, ${state === 'pending' ? `now() + interval '1 day'` : 'null'}, ?::timestamptz)`,
      [id, webhookId, body, state, state === 'pending' ? 0 : 1, createdAt.toISOString()],
    );
    return id;
  };
  const settledOne = (webhookId: number, id: string) =>
    eventually(
      async () => {
        const row = (await states(webhookId)).find((candidate) => candidate.id === id);
        return row && row.state !== 'pending' ? row : undefined;
      },
      20_000,
      `delivery ${id} to settle`,
    );
  const base = (webhookId: number): string => `/api/v1/webhooks/${String(webhookId)}`;
  return { send, register, sql, states, insertDelivery, settledOne, base };
}
