import { createRequire } from 'node:module';

/**
 * kafkajs 2.2.4 re-arms a 1 ms timer per broker connection for as long as the connection lives,
 * pending requests or not (tulios/kafkajs#1556, #1704; the fix, #1667, is unmerged and no release
 * carries it): an idle service spent ~37 ms of CPU a second on it (bench/gateway-proxy.ts's
 * profile), and Node 24 warns `TimeoutNegativeWarning` for the negative delay it passes. This is
 * that fix: the queue is checked on a timer only while requests wait in it (`push` schedules when it
 * enqueues; a finished or timed-out request checks at once, as before).
 * Applied to the version it was written for only; `patchedKafkajsVersion` says whether it was.
 */
interface RequestQueueInternals {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

const FIXED_VERSION = '2.2.4';
/** kafkajs's own CHECK_PENDING_REQUESTS_INTERVAL. */
const CHECK_PENDING_MS = 10;

const require = createRequire(import.meta.url);
const { version } = require('kafkajs/package.json') as { version: string };

function scheduleCheckPendingRequests(this: RequestQueueInternals): void {
  if (this.pending.length === 0 || this.throttleCheckTimeoutId) return;
  const throttledForMs = this.throttledUntil - Date.now();
  this.throttleCheckTimeoutId = setTimeout(
    () => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    },
    throttledForMs > 0 ? throttledForMs : CHECK_PENDING_MS,
  );
}

if (version === FIXED_VERSION) {
  const RequestQueue = require('kafkajs/src/network/requestQueue/index.js') as { prototype: RequestQueueInternals };
  RequestQueue.prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
}

/** The kafkajs version the fix was applied to, or undefined (another version: look at its request queue again). */
export const patchedKafkajsVersion: string | undefined = version === FIXED_VERSION ? version : undefined;
