import { WriteLoad } from './load.ts';
import { expect, type Figures } from './steps.ts';
import { ReadTraffic } from './traffic.ts';

/** Runs `change` under write and read load, then settles and checks both: the frame of every step that changes the cluster under traffic. */
export async function underLoad(label: string, change: (figures: Figures, load: WriteLoad) => Promise<void> | void): Promise<Figures> {
  const figures: Figures = {};
  const load = await WriteLoad.start(label);
  const reads = await ReadTraffic.start();
  let failed: unknown;
  try {
    await change(figures, load);
  } catch (error) {
    failed = error;
  }
  const readResult = await reads.stop();
  const refusals = load.refusalsText();
  const writeResult = await load.stop();
  if (failed !== undefined) throw failed instanceof Error ? failed : new Error('the change failed', { cause: failed });
  Object.assign(figures, WriteLoad.figures(writeResult, refusals), {
    'reads (failed)': `${String(readResult.requests)} (${String(readResult.failures.length)})`,
  });
  expect(readResult.failures.length === 0, `failed reads: ${readResult.failures.slice(0, 5).join('; ')}`, figures);
  expect(writeResult.failedRequests === 0, `failed writes${refusals}`, figures);
  expect(writeResult.violations.length === 0, `the writer's ledger: ${writeResult.violations.slice(0, 5).join('; ')}`, figures);
  expect(writeResult.duplicated === 0, `${String(writeResult.duplicated)} events delivered twice`, figures);
  return figures;
}
