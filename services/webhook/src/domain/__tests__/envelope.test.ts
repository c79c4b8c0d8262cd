import { describe, expect, it } from '@jest/globals';
import { deliveryBody, isWebhookEvent, WEBHOOK_EVENTS } from '../envelope.ts';

describe('deliveryBody', () => {
  it('is {id, event, created_at, data} in that order, created_at in ISO 8601', () => {
    const body = deliveryBody({
      deliveryId: '0f6b2c1e-8a4d-4c1b-9d51-3f0c2a7e9b10',
      event: 'components.changed',
      createdAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)),
      data: { project_id: 7, type: 'card', created: 1, updated: 0, deleted: 0, components: [{ id: 3, name: 'Ace', type: 'card' }] },
    });
    expect(body).toBe(
      '{"id":"0f6b2c1e-8a4d-4c1b-9d51-3f0c2a7e9b10","event":"components.changed","created_at":"2026-01-02T03:04:05.678Z",' +
        '"data":{"project_id":7,"type":"card","created":1,"updated":0,"deleted":0,"components":[{"id":3,"name":"Ace","type":"card"}]}}',
    );
  });
});

describe('WEBHOOK_EVENTS', () => {
  it('holds the two subscribable events; a ping is not one', () => {
    expect(WEBHOOK_EVENTS).toEqual(['components.changed', 'project.updated']);
    expect(isWebhookEvent('project.updated')).toBe(true);
    expect(isWebhookEvent('webhook.ping')).toBe(false);
    expect(isWebhookEvent('components.deleted')).toBe(false);
  });
});
