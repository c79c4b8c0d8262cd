import { parseArgs } from 'node:util';

/** How long each fault lasts, and the retry schedule the webhook replicas run with. */
export interface FaultDurations {
  /** Load before the fault, and after it ends. */
  warmupMs: number;
  afterMs: number;
  /** Kafka stopped, Redis stopped, Postgres down within its restart, MinIO stopped. */
  outageMs: number;
  /** The receiver that goes away and comes back. */
  receiverDownMs: number;
  /** WEBHOOK_RETRY_DELAYS for the cluster. */
  retryDelays: string;
  retryDelaysMs: number[];
  /** How long events may take to arrive after the load stops (beyond a killed replica's leases). */
  settleMs: number;
}

/** The durations: 30 s outages, a receiver gone for 2 minutes, the retry schedule of docs/rules.md "Delivery". */
const FULL: FaultDurations = {
  warmupMs: 5_000,
  afterMs: 10_000,
  outageMs: 30_000,
  receiverDownMs: 120_000,
  retryDelays: '10s,1m,5m',
  retryDelaysMs: [10_000, 60_000, 300_000],
  settleMs: 420_000,
};

/**
 * CI-sized: the same faults, shorter, and a retry schedule of the same shape (each wait longer than
 * the one before, the receiver back before the last): its deliveries fail three times and the
 * fourth attempt, the last one allowed, arrives.
 */
const QUICK: FaultDurations = {
  warmupMs: 3_000,
  afterMs: 4_000,
  outageMs: 10_000,
  receiverDownMs: 10_000,
  retryDelays: '1s,4s,15s',
  retryDelaysMs: [1_000, 4_000, 15_000],
  settleMs: 90_000,
};

export const FAULTS = ['scale-out', 'catalog-kill', 'webhook-kill', 'receiver-down', 'kafka-stop', 'redis-stop', 'postgres-restart', 'minio-stop'] as const;
export type FaultName = (typeof FAULTS)[number];

const USAGE = `usage: npm run faults [-- --quick] [--only NAME,…] [--keep-logs]

Starts a cluster (two replicas of every service, on the real servers), then, under a steady write
load through the gateway, one fault after another; prints a pass/fail table and exits 1 on a fail.

  --quick        CI-sized: 10 s outages, the receiver gone 10 s, retries at 1 s, 4 s, 15 s (npm test runs this)
                 default: 30 s outages, the receiver gone 2 min, retries at 10 s, 1 min, 5 min
  --only LIST    some of: ${FAULTS.join(', ')}
  --keep-logs    keep the replicas' logs (the folder is printed) even when every fault passed`;

export interface FaultOptions {
  durations: FaultDurations;
  only: FaultName[];
  keepLogs: boolean;
}

export function faultOptions(argv: readonly string[]): FaultOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: { quick: { type: 'boolean' }, only: { type: 'string' }, 'keep-logs': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const only = (values.only ?? FAULTS.join(',')).split(',').map((name) => name.trim());
  const unknown = only.filter((name) => !(FAULTS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    process.stderr.write(`unknown fault ${unknown.join(', ')}\n\n${USAGE}\n`);
    process.exit(64);
  }
  return { durations: values.quick ? QUICK : FULL, only: only as FaultName[], keepLogs: values['keep-logs'] ?? false };
}
