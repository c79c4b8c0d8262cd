import { describe, expect, it } from '@jest/globals';
import { bodyAfterId, deliveryBody, eventTimeOf, isWebhookEvent, WEBHOOK_EVENTS } from '../envelope.ts';

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

describe('bodyAfterId', () => {
  it('after `{"id":"<uuid>",` (what the fan-out statement writes before it) gives deliveryBody\'s bytes', () => {
    const event = {
      event: 'project.updated' as const,
      createdAt: new Date(Date.UTC(2026, 10, 26)),
      data: { project_id: 1, changed: ['name'], note: 'quote " and \\ and ☃' },
    };
    const deliveryId = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';
    expect(`{"id":"${deliveryId}",${bodyAfterId(event)}`).toBe(deliveryBody({ ...event, deliveryId }));
    expect(JSON.parse(deliveryBody({ ...event, deliveryId }))).toEqual({
      id: deliveryId,
      event: 'project.updated',
      created_at: '2026-11-26T00:00:00.000Z',
      data: event.data,
    });
  });
});

describe('eventTimeOf', () => {
  it('reads the time of the event a delivery body carries, as deliveryBody wrote it', () => {
    const createdAt = new Date(Date.UTC(2026, 10, 26, 9, 30, 1, 250));
    const body = deliveryBody({
      deliveryId: 'f47ac10b-58cc-4372-a567-0e02b2c3d479',
      event: 'components.changed',
      createdAt,
      data: { created_at: 'not this one' },
    });
    expect(eventTimeOf(body)).toBe(createdAt.getTime());
  });

  it.each([['{}'], ['{"id":"x","event":"e","created_at":"yesterday"}'], ['{"event":"e","created_at":"2026-11-26T00:00:00.000Z"}']])(
    'is undefined for a body of another shape: %s',
    (body) => {
      expect(eventTimeOf(body)).toBeUndefined();
    },
  );
});

describe('WEBHOOK_EVENTS', () => {
  it('holds the two subscribable events; a ping is not one', () => {
    expect(WEBHOOK_EVENTS).toEqual(['components.changed', 'project.updated']);
    expect(isWebhookEvent('project.updated')).toBe(true);
    expect(isWebhookEvent('webhook.ping')).toBe(false);
    expect(isWebhookEvent('components.deleted')).toBe(false);
  });
});
