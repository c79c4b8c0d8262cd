import { afterAll, beforeAll } from '@jest/globals';
import { RunningSystem } from '../../../tests/support/running-system.ts';
import { describeAuth } from './suites/auth.ts';
import { describeBatches } from './suites/batches.ts';
import { describeChanges } from './suites/changes.ts';
import { describePackage } from './suites/package.ts';
import { describeRetries } from './suites/retries.ts';
import { describeTypedCalls } from './suites/typed-calls.ts';
import { describeUploads } from './suites/uploads.ts';
import { describeWebhooks } from './suites/webhooks.ts';

// @boardsync/client against the whole system on the real servers, through the gateway, as a tool
// calls it: one system for every part (five processes are a lot for two cores), each part with
// designers of its own, so rate-limit budgets and data never mix.
const LIMITS = { readsPerMinute: 100, writesPerMinute: 40 };
const system = new RunningSystem({
  gateway: {
    RATE_LIMIT_READS_PER_MINUTE: String(LIMITS.readsPerMinute),
    RATE_LIMIT_WRITES_PER_MINUTE: String(LIMITS.writesPerMinute),
    RATE_LIMIT_AUTH_FAILURES_PER_IP_PER_MINUTE: '10000',
  },
  // Receivers and mirrored images are on this machine.
  webhook: { SSRF_ALLOW_CIDRS: '127.0.0.1/32' },
  asset: { SSRF_ALLOW_CIDRS: '127.0.0.1/32' },
  // Streams end soon, so following by stream is seen to resume across the server's ends.
  catalog: { CHANGES_STREAM_MAX_SECONDS: '5', CHANGES_HEARTBEAT_MS: '1000' },
});

beforeAll(() => system.start(), 120_000);
afterAll(() => system.stop(), 60_000);

describeTypedCalls(system);
describeBatches(system);
describeUploads(system);
describeChanges(system);
describeWebhooks(system);
describeAuth(system);
describeRetries(system, LIMITS);
describePackage(system);
