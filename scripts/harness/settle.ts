import type { Writer } from './writer.ts';

/** What a writer's project and receiver say once the system has settled. */
export interface Ledger {
  /** Batches acknowledged to the writer. */
  acknowledged: number;
  /** Batches the writer gave up on (never acknowledged). */
  unacknowledged: number;
  /** Batches on the server (whole or not). */
  committed: number;
  /** Events expected (one per committed batch) and the distinct ones that arrived, and the repeats. */
  written: number;
  delivered: number;
  duplicated: number;
  /** What breaks a promise: a lost write, a half batch, a missing or extra or wrong event, a bad signature. */
  violations: string[];
  /** Events that arrived out of the batches' order. */
  outOfOrder: number;
}

/**
 * Waits until every committed batch's event has arrived (or `waitMs` passed), then checks the
 * promises: every acknowledged batch is on the server whole, no batch is there in part, each
 * committed batch was announced by exactly one event covering exactly its rows, and nothing else was.
 */
export async function settle(writer: Writer, waitMs: number): Promise<Ledger> {
  let server = await writer.serverBatches();
  for (const deadline = Date.now() + waitMs; Date.now() < deadline;) {
    const announced = new Set(writer.eventBatches().map((event) => event.n));
    if ([...server.keys()].every((n) => announced.has(n))) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
    server = await writer.serverBatches();
  }
  // Late repeats (a lease that ran out) are part of what is counted.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const violations: string[] = [];
  const sizes = new Map(writer.batches.map((batch) => [batch.n, batch.size]));
  for (const batch of writer.batches) {
    if (batch.acknowledged && server.get(batch.n)?.length !== batch.size)
      violations.push(`batch ${String(batch.n)} acknowledged but ${String(server.get(batch.n)?.length ?? 0)}/${String(batch.size)} rows on the server`);
  }
  for (const [n, rows] of server) {
    if (rows.length !== sizes.get(n)) violations.push(`batch ${String(n)} half-applied: ${String(rows.length)}/${String(sizes.get(n) ?? '?')} rows`);
  }
  const events = writer.eventBatches();
  const announced = new Map<number, number>();
  for (const event of events) {
    if (Number.isNaN(event.n)) violations.push('an event covering rows of several batches (or none)');
    else if (event.rows !== sizes.get(event.n)) violations.push(`the event of batch ${String(event.n)} lists ${String(event.rows)} rows`);
    announced.set(event.n, (announced.get(event.n) ?? 0) + 1);
  }
  for (const n of server.keys()) if (announced.get(n) !== 1) violations.push(`batch ${String(n)} committed, announced ${String(announced.get(n) ?? 0)} times`);
  for (const n of announced.keys()) if (!Number.isNaN(n) && !server.has(n)) violations.push(`batch ${String(n)} announced but not on the server`);
  if (writer.receiver.rejected > 0) violations.push(`${String(writer.receiver.rejected)} deliveries failed signature checks`);
  let outOfOrder = 0;
  events.reduce((last, event) => {
    if (event.n < last) outOfOrder += 1;
    return Math.max(last, event.n);
  }, 0);
  return {
    acknowledged: writer.batches.filter((batch) => batch.acknowledged).length,
    unacknowledged: writer.batches.filter((batch) => !batch.acknowledged).length,
    committed: server.size,
    written: server.size,
    delivered: events.length,
    duplicated: writer.receiver.duplicates(),
    violations,
    outOfOrder,
  };
}

/** Several writers' ledgers as one. */
export function summed(ledgers: readonly Ledger[]): Ledger {
  const total: Ledger = { acknowledged: 0, unacknowledged: 0, committed: 0, written: 0, delivered: 0, duplicated: 0, violations: [], outOfOrder: 0 };
  for (const ledger of ledgers) {
    for (const key of ['acknowledged', 'unacknowledged', 'committed', 'written', 'delivered', 'duplicated', 'outOfOrder'] as const) total[key] += ledger[key];
    total.violations.push(...ledger.violations);
  }
  return total;
}
