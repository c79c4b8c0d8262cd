import type { Completed, DesignTool } from './design-tool.ts';

/** Requests a closed loop keeps in flight while measuring saturation. */
const PROBE_CONCURRENCY = 16;
/** Beyond this many requests in flight an open loop is not keeping up; the run says so rather than queueing without end. */
const MAX_IN_FLIGHT = 512;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** Requests per second the system completes with PROBE_CONCURRENCY always in flight, for `durationMs`. */
export async function saturation(tools: readonly DesignTool[], durationMs: number): Promise<number> {
  const until = Date.now() + durationMs;
  let done = 0;
  await Promise.all(
    Array.from({ length: PROBE_CONCURRENCY }, async () => {
      while (Date.now() < until) {
        await pick(tools).next(Date.now());
        done += 1;
      }
    }),
  );
  return done / (durationMs / 1000);
}

export interface OpenLoopRun {
  completed: Completed[];
  /** Requests not started because MAX_IN_FLIGHT were already waiting. */
  skipped: number;
}

/**
 * An open loop: a request is due every 1/rate s whatever the answers do, and its latency counts
 * from when it was due, so a stall shows as latency instead of hiding as a slower request rate.
 */
export async function openLoop(tools: readonly DesignTool[], rate: number, durationMs: number, keep = true): Promise<OpenLoopRun> {
  const completed: Completed[] = [];
  const inFlight = new Set<Promise<void>>();
  let skipped = 0;
  const start = Date.now();
  const interval = 1000 / rate;
  for (let index = 0; ; index += 1) {
    const dueAt = start + index * interval;
    if (dueAt - start >= durationMs) break;
    const wait = dueAt - Date.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    if (inFlight.size >= MAX_IN_FLIGHT) {
      skipped += 1;
      continue;
    }
    const request = pick(tools)
      .next(dueAt)
      .then((result) => {
        if (keep) completed.push(result);
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  }
  await Promise.all(inFlight);
  return { completed, skipped };
}
