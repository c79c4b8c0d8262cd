import { afterEach, describe, expect, it } from '@jest/globals';
import { createRequire } from 'node:module';
import { patchedKafkajsVersion } from '../kafkajs-idle-timer-fix.ts';

interface Queue {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
  destroy(): void;
}

const require = createRequire(import.meta.url);
const RequestQueue = require('kafkajs/src/network/requestQueue/index.js') as new (options: Record<string, unknown>) => Queue;
const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const queues: Queue[] = [];

function queue(): Queue {
  const created = new RequestQueue({
    maxInFlightRequests: 1,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'test',
    broker: 'test:9092',
    logger: silent,
  });
  queues.push(created);
  return created;
}

afterEach(() => {
  for (const created of queues.splice(0)) created.destroy();
});

describe("kafkajs's request queue, fixed", () => {
  it('is fixed in the kafkajs installed (another version needs its queue read again)', () => {
    expect(patchedKafkajsVersion).toBe((require('kafkajs/package.json') as { version: string }).version);
  });

  it('arms no timer while nothing waits (kafkajs re-armed a 1 ms one forever)', () => {
    const idle = queue();
    idle.checkPendingRequests();
    idle.scheduleCheckPendingRequests();
    expect(idle.throttleCheckTimeoutId).toBeNull();
  });

  it('checks a waiting request when the broker’s throttle ends', () => {
    const throttled = queue();
    throttled.throttledUntil = Date.now() + 60_000;
    throttled.pending.push({ correlationId: 1 });
    throttled.scheduleCheckPendingRequests();
    expect(throttled.throttleCheckTimeoutId).not.toBeNull();
  });
});
