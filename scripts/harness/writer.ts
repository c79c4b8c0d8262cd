import { BoardsyncError, createBoardsyncClient, unwrap, type BoardsyncClient, type Component } from '@boardsync/client';
import type { ClusterUnderTest } from './cluster-under-test.ts';
import { LoopbackReceiver } from './receiver.ts';

const SCOPES = ['projects:read', 'projects:write', 'assets:read', 'assets:write', 'components:read', 'components:write', 'webhooks:write'];
/** How long one batch is tried again (a service killed, a server restarting) before the writer gives up on it. */
const RETRY_FOR_MS = 180_000;

/** One batch as the writer sent it: `size` cards `b<n>-r<i>`, and whether the service acknowledged it (a 2xx). */
export interface SentBatch {
  n: number;
  size: number;
  acknowledged: boolean;
  /** Tries it took; more than one when a fault refused or cut off the first. */
  tries: number;
}

/** What a writer needs of the system it writes to: the harness's cluster, or the Kubernetes rehearsal's release. */
export type WriterTarget = Pick<ClusterUnderTest, 'gateway' | 'name' | 'designerToken'>;

const batchOf = (uniqueIdOrName: string): number => Number(/^[bB](\d+)[- ]/.exec(uniqueIdOrName)?.[1] ?? Number.NaN);

/**
 * A design tool writing one project steadily: a designer of its own, a project, a webhook to a
 * loopback receiver; batches of new cards one after another, each tried again after a 5xx or a
 * broken connection until acknowledged (the rows carry `unique_id`s, so a retry of a batch that did
 * commit changes nothing and emits nothing).
 */
export class Writer {
  readonly batches: SentBatch[] = [];
  readonly receiver = new LoopbackReceiver();
  /** Answers other than 2xx that it retried, by status (0: no answer). */
  readonly refusals = new Map<number, number>();
  client!: BoardsyncClient;
  token = '';
  designerId = 0;
  project = 0;
  webhookId = 0;
  private readonly cluster: WriterTarget;
  private running: Promise<void> | undefined;
  private stopping = false;

  constructor(cluster: WriterTarget) {
    this.cluster = cluster;
  }

  static async create(cluster: WriterTarget, label: string): Promise<Writer> {
    const writer = new Writer(cluster);
    const { token, designerId } = await cluster.designerToken(SCOPES);
    Object.assign(writer, { token, designerId });
    writer.client = createBoardsyncClient({ baseUrl: cluster.gateway, auth: token });
    writer.project = unwrap(await writer.client.api.POST('/api/v1/projects', { body: { name: `${label} ${cluster.name}` } })).data.id;
    await writer.receiver.up();
    const webhook = unwrap(await writer.client.api.POST('/api/v1/webhooks', { body: { url: writer.receiver.url, events: ['components.changed'] } }));
    writer.receiver.verifyWith(webhook.secret);
    writer.webhookId = webhook.id;
    return writer;
  }

  /** Writes batches of `size` back to back (with `pauseMs` between) until `stop()`. */
  start({ size, pauseMs = 0 }: { size: number; pauseMs?: number }): void {
    this.stopping = false;
    this.running ??= (async () => {
      while (!this.stopping) {
        await this.write(size);
        if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    })().finally(() => {
      this.running = undefined;
    });
  }

  /** Lets the batch in flight finish (acknowledged or given up on), then stops. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  /** One batch of `size` new cards, tried until acknowledged or RETRY_FOR_MS has passed. */
  async write(size: number): Promise<SentBatch> {
    const batch: SentBatch = { n: this.batches.length + 1, size, acknowledged: false, tries: 0 };
    this.batches.push(batch);
    const components = Array.from({ length: size }, (_, index) => ({
      unique_id: `b${String(batch.n)}-r${String(index)}`,
      name: `B${String(batch.n)} R${String(index)}`,
      description: `batch ${String(batch.n)}`,
    }));
    for (const deadline = Date.now() + RETRY_FOR_MS; Date.now() < deadline;) {
      batch.tries += 1;
      try {
        await this.client.writeComponents(this.project, { type: 'card', components });
        batch.acknowledged = true;
        return batch;
      } catch (error) {
        const status = error instanceof BoardsyncError ? error.status : 0;
        // A refusal that says the batch is wrong is a defect of the harness or the service, not a fault to ride out.
        if (status !== 0 && status < 500 && status !== 429) throw error;
        this.refusals.set(status, (this.refusals.get(status) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    return batch;
  }

  /** Every card of the project as the service has it now, by batch number. */
  async serverBatches(): Promise<Map<number, Component[]>> {
    const byBatch = new Map<number, Component[]>();
    for await (const row of this.client.list('/api/v1/projects/{project}/components', {
      path: { project: this.project },
      query: { type: 'card', per_page: 200 },
    })) {
      const n = batchOf(row.unique_id);
      byBatch.set(n, [...(byBatch.get(n) ?? []), row]);
    }
    return byBatch;
  }

  /** The batch each first-arrived `components.changed` event covered, in arrival order (NaN for an event of several batches). */
  eventBatches(): { n: number; rows: number }[] {
    return this.receiver
      .unique()
      .filter((arrival) => arrival.event === 'components.changed')
      .map((arrival) => {
        const rows = (arrival.data.components as { name: string }[] | undefined) ?? [];
        const batches = new Set(rows.map((row) => batchOf(row.name)));
        return { n: batches.size === 1 ? ([...batches][0] ?? Number.NaN) : Number.NaN, rows: rows.length };
      });
  }

  async close(): Promise<void> {
    await this.stop();
    await this.receiver.down().catch(() => undefined);
  }
}
