import { describe, expect, it } from '@jest/globals';
import { Registry } from 'prom-client';
import { deliveryBody } from '../../domain/envelope.ts';
import { DeliveryMetrics } from '../delivery-metrics.ts';

const CHANGED_AT = new Date(Date.UTC(2026, 10, 28, 12, 0, 0));

function delivery(event: 'components.changed' | 'webhook.ping', attempts: number) {
  return { event, attempts, body: deliveryBody({ deliveryId: 'f47ac10b-58cc-4372-a567-0e02b2c3d479', event, createdAt: CHANGED_AT, data: {} }) };
}

async function changeToSend(registry: Registry): Promise<{ count: number; sum: number }> {
  const text = await registry.metrics();
  const value = (suffix: string) => Number(new RegExp(`^boardsync_webhook_change_to_send_seconds_${suffix} (\\S+)$`, 'm').exec(text)?.[1]);
  return { count: value('count'), sum: value('sum') };
}

describe('DeliveryMetrics.sendStarted', () => {
  it('times a first send from the change it tells of; retries and pings are not changes waiting to be told', async () => {
    const registry = new Registry();
    const metrics = new DeliveryMetrics(registry, () => 0);
    const now = CHANGED_AT.getTime() + 3_000;
    metrics.sendStarted(delivery('components.changed', 0), 10, now);
    metrics.sendStarted(delivery('components.changed', 2), 10, now + 60_000);
    metrics.sendStarted(delivery('webhook.ping', 0), 10, now + 60_000);
    expect(await changeToSend(registry)).toEqual({ count: 1, sum: 3 });
  });
});
