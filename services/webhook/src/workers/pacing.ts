// The delivery worker's leases and pace.

/** Beyond the receiver's time: recording the attempt; a lease that runs out makes the row due again (a second send). */
export const LEASE_MARGIN_MS = 30_000;
/** The safety net: due rows nobody told this worker about (retries coming due, another replica's fan-out). */
export const IDLE_POLL_MS = 200;
export const FAILURE_BACKOFF_MS = 2_000;
/** How long close() waits, beyond one receiver timeout, for sends in flight to be recorded. */
export const CLOSE_GRACE_MS = 5_000;
/**
 * Deliveries claimed ahead of free send slots, as a multiple of DELIVERY_CONCURRENCY: sends then go
 * on while a turn records and claims, and each turn moves a bigger batch. Their leases count
 * towards DELIVERY_PER_ENDPOINT like any other. Measured (bench:webhook, one receiver): at 4 the
 * send slots were half empty while turns of ~25 ms ran back to back (1,340/s); at 12 they were
 * ~90 % full (1,840/s) — until sends got faster than turns: at ~2,700/s a turn of 35–60 ms used up
 * the ~100 claimed ahead of it, and most turns ended with no send in flight (a trace of every turn).
 * At 24 the slots stay full through every turn.
 */
export const CLAIM_AHEAD_FACTOR = 24;
/**
 * How long a delivery claimed ahead may wait for a send slot. A claim checks that the webhook still
 * exists and is active (docs/rules.md "Delivery"); an older claim goes back to the queue, to be checked again.
 */
export const CLAIM_AHEAD_FRESH_MS = 1_000;
/**
 * How long a designer deliveries claimed ahead for went stale (its sends hold its share of the send
 * slots for longer than CLAIM_AHEAD_FRESH_MS) is claimed no further ahead than its sends.
 */
export const SLOW_DESIGNER_MEMORY_MS = 30_000;
/**
 * A claim's lease: enough for a delivery claimed ahead to wait its turn (CLAIM_AHEAD_FRESH_MS), be
 * sent, and be recorded by the next turn, or have its lease lengthened by that turn to the
 * receiver's timeout plus LEASE_MARGIN_MS when its send is still running. A worker killed with
 * deliveries claimed ahead holds them this long, not that long.
 */
export const CLAIM_LEASE_MS = 5_000;
/**
 * How old a claim gets before the worker lengthens the lease of its send in flight. Sends to a
 * receiver that answers in time are recorded well before (and never cost the row update); the
 * worker's turns come at least every IDLE_POLL_MS, so a slow send is lengthened with seconds to spare.
 */
export const EXTEND_AFTER_MS = 500;
/** The most attempts recorded in one turn. */
export const MAX_RECORD_BATCH = 256;
