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
