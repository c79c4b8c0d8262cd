import type { Writer } from '../../harness/writer.ts';
import { sleep, underSteadyLoad, type FaultContext, type Outcome } from '../steady-load.ts';
import { infra, seconds } from './infra-control.ts';

const BACKLOG_LIMIT_MS = 120_000;
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const acknowledged = (writers: readonly Writer[]): number =>
  writers.reduce((sum, writer) => sum + writer.batches.filter((batch) => batch.acknowledged).length, 0);
const arrived = (writers: readonly Writer[]): number => writers.reduce((sum, writer) => sum + writer.receiver.unique().length, 0);

/** The resources of the writer's changes after `after` (every page), e.g. `component created`, `asset created`. */
async function changesOf(writer: Writer, after: string): Promise<string[]> {
  const seen: string[] = [];
  for (let cursor = after, more = true; more;) {
    const page = await writer.client.changes.list({ after: cursor, limit: 500 });
    seen.push(
      ...page.data.map(
        (change) => `${change.resource} ${change.action}${change.resource === 'asset' ? ` ${String((change.data as { key?: string } | null)?.key)}` : ''}`,
      ),
    );
    [cursor, more] = [page.meta.cursor, page.meta.has_more];
  }
  return seen;
}

/**
 * The broker stopped for `outageMs`: writes keep succeeding (the outbox holds their events), and
 * every event is delivered after. The changes feed shows the component writes of the outage at once
 * (they are recorded in their own transaction), and an artwork stored during it (announced over
 * Kafka by the asset service) once the broker is back.
 */
export async function kafkaStop(context: FaultContext): Promise<Outcome> {
  return underSteadyLoad(context, 'kafka-stop', { writers: 3, size: 20, pauseMs: 100 }, async (writers) => {
    const tool = writers[0] as Writer;
    const head = await tool.client.changes.head();
    const before = acknowledged(writers);
    infra('stop', 'kafka');
    const stoppedAt = Date.now();
    await sleep(context.durations.outageMs / 2);
    const stored = await tool.client.uploadAsset(tool.project, { data: PNG, filename: 'outage.png' }).catch((error: unknown) => error as Error);
    const componentsDuring = (await changesOf(tool, head)).filter((change) => change === 'component created').length;
    await sleep(context.durations.outageMs / 2);
    const during = acknowledged(writers) - before;
    infra('start', 'kafka');
    const startedAt = Date.now();
    // Everything acknowledged until the broker was back has been announced: the outbox's backlog is through.
    const backlog = acknowledged(writers);
    while (arrived(writers) < backlog && Date.now() - startedAt < BACKLOG_LIMIT_MS) await sleep(250);
    const drained = arrived(writers) >= backlog;
    const assetChange = 'key' in stored ? `asset created ${stored.key}` : undefined;
    while (assetChange && !(await changesOf(tool, head)).includes(assetChange) && Date.now() - startedAt < BACKLOG_LIMIT_MS) await sleep(500);
    const assetSeen = assetChange !== undefined && (await changesOf(tool, head)).includes(assetChange);
    return {
      refusalsForbidden: true,
      observed: [
        `${String(during)} batches acknowledged in the ${seconds(startedAt - stoppedAt)} without a broker`,
        drained ? `their events all delivered ${seconds(Date.now() - startedAt)} after it was back` : 'backlog not delivered',
        `changes feed: ${String(componentsDuring)} component changes written since the broker stopped readable while it was down; the artwork stored during it ${assetSeen ? 'in the feed after' : 'NOT in the feed'}`,
      ],
      problems: [
        ...(during > 0 ? [] : ['no batch was written while the broker was down']),
        ...(drained ? [] : [`the outbox backlog was not delivered within ${seconds(BACKLOG_LIMIT_MS)} of the broker's return`]),
        ...('key' in stored ? [] : [`the artwork upload during the outage failed: ${stored.message}`]),
        ...(componentsDuring > 0 ? [] : ['no component change was readable in the feed during the outage']),
        ...(assetSeen || !assetChange ? [] : [`the artwork stored during the outage never reached the changes feed within ${seconds(BACKLOG_LIMIT_MS)}`]),
      ],
    };
  });
}
