/** Timing helpers for benchmarks: medians and ratios, never single runs (the machine is noisy). */
export interface Sample {
  label: string;
  ms: number[];
}

export async function measure(label: string, rounds: number, run: (round: number) => Promise<void>, warmup = 2): Promise<Sample> {
  for (let round = 0; round < warmup; round += 1) await run(-1 - round);
  const ms: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    await run(round);
    ms.push(performance.now() - started);
  }
  return { label, ms };
}

/** A case of {@link measureAlternating}; `before` and `after` run around each run, outside its time. */
export interface AlternatingCase {
  label: string;
  run: (round: number) => Promise<void>;
  before?: () => void;
  after?: (round: number) => void;
}

/** Cases run in turn, round after round (`warmup` rounds first, not timed, with negative round numbers), so drift on a noisy machine hits all alike. */
export async function measureAlternating(cases: readonly AlternatingCase[], rounds: number, warmup = 2): Promise<Sample[]> {
  const samples = cases.map(({ label }): Sample => ({ label, ms: [] }));
  for (let round = -warmup; round < rounds; round += 1) {
    for (const [index, { run, before, after }] of cases.entries()) {
      before?.();
      const started = performance.now();
      await run(round);
      const ms = performance.now() - started;
      after?.(round);
      if (round >= 0) samples[index]?.ms.push(ms);
    }
  }
  return samples;
}

export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return (sorted[low] ?? 0) + ((sorted[high] ?? 0) - (sorted[low] ?? 0)) * (position - low);
}

/** Prints samples side by side, each with its ratio to the first (the baseline). */
export function printTable(title: string, samples: readonly Sample[]): void {
  const baseline = quantile(samples[0]?.ms ?? [0], 0.5);
  console.log(`\n${title}`);
  console.log(`${'case'.padEnd(58)} ${'runs'.padStart(5)} ${'median ms'.padStart(10)} ${'p90 ms'.padStart(9)} ${'× first'.padStart(8)}`);
  for (const sample of samples) {
    const median = quantile(sample.ms, 0.5);
    console.log(
      `${sample.label.padEnd(58)} ${String(sample.ms.length).padStart(5)} ${median.toFixed(1).padStart(10)} ${quantile(sample.ms, 0.9).toFixed(1).padStart(9)} ${(median / baseline).toFixed(2).padStart(8)}`,
    );
  }
}

/** The columns of a latency row: case, runs, p50, p99, max (ms). */
export const LATENCY_HEADER = `${'case'.padEnd(58)} ${'runs'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`;

/** One sample's latency row, under LATENCY_HEADER. */
export function latencyRow(sample: Sample): string {
  const ms = (q: number) => quantile(sample.ms, q).toFixed(1).padStart(8);
  return `${sample.label.padEnd(58)} ${String(sample.ms.length).padStart(5)} ${ms(0.5)} ${ms(0.99)} ${ms(1)}`;
}
