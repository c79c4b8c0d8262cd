import { expect } from '@jest/globals';
import type { EventBody } from '@boardsync/kit';
import { eventually } from '@boardsync/kit/testing';
import { sqlOf, type WebhookView } from './webhook-api.ts';
import type { Caller, WebhookWorld } from './world.ts';

export interface DeliveryRow {
  id: string;
  state: string;
  attempts: number;
  body: string;
}

export interface AttemptRow {
  status: number | null;
  error_class: string | null;
  duration_ms: number;
  response_excerpt: string | null;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const componentsChanged = (projectId: number, names = ['Ace']): EventBody => ({
  $case: 'componentsChanged',
  value: {
    projectId,
    type: 'card',
    created: names.length,
    updated: 0,
    deleted: 1,
    components: names.map((name, index) => ({ id: projectId * 100 + index, name, type: 'card' })),
  },
});

export const projectUpdated = (projectId: number): EventBody => ({ $case: 'projectUpdated', value: { projectId, changed: ['name', 'description'] } });

/** What every test needs of a world: registration through the API, and the webhook's rows. */
export function deliveryHelpers(world: WebhookWorld) {
  const register = async (caller: Caller, url: string, events: string[]): Promise<{ id: number; secret: string }> => {
    const response = await world.call(caller, 'POST', '/api/v1/webhooks', { url, events });
    expect(response.status).toBe(201);
    return (await response.json()) as { id: number; secret: string };
  };
  const view = async (caller: Caller, id: number): Promise<WebhookView> => {
    const response = await world.call(caller, 'GET', '/api/v1/webhooks');
    expect(response.status).toBe(200);
    const found = ((await response.json()) as { data: WebhookView[] }).data.find((webhook) => webhook.id === id);
    if (!found) throw new Error(`webhook ${String(id)} is not listed`);
    return found;
  };
  const sql = sqlOf(world);
  const deliveries = (webhookId: number): Promise<DeliveryRow[]> =>
    sql<DeliveryRow>('select id, state, attempts, body from delivery where webhook_id = ? order by created_at, id', [webhookId]);
  const attempts = (deliveryId: string): Promise<AttemptRow[]> =>
    sql<AttemptRow>('select status, error_class, duration_ms, response_excerpt from delivery_attempt where delivery_id = ? order by id', [deliveryId]);
  /** Waits until every delivery of the webhook is settled (none pending); returns them. */
  const settled = (webhookId: number, count = 1): Promise<DeliveryRow[]> =>
    eventually(
      async () => {
        const rows = await deliveries(webhookId);
        return rows.length >= count && rows.every((row) => row.state !== 'pending') ? rows : undefined;
      },
      20_000,
      `webhook ${String(webhookId)}'s deliveries to settle`,
    );
  return { register, view, sql, deliveries, attempts, settled };
}
