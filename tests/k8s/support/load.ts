/**
 * Write load through the gateway's edge while the cluster changes under it: one design tool of the
 * fault harness (scripts/harness/writer.ts) writing batches of cards and following its webhook at a
 * receiver on the host, then settled and checked with the harness's own ledger: every acknowledged
 * batch whole on the server, each committed batch announced once, nothing else.
 */
import { uniqueName } from '@boardsync/kit/testing';
import { settle, type Ledger } from '../../../scripts/harness/settle.ts';
import { Writer } from '../../../scripts/harness/writer.ts';
import { ChangeFollower } from '../../support/change-follower.ts';
import { writerTarget } from './release.ts';
import type { Figures } from './steps.ts';

export interface LoadResult extends Ledger {
  batches: number;
  /** Answers other than 2xx (or no answer) that the writer had to retry. */
  failedRequests: number;
}

export class WriteLoad {
  private readonly writer: Writer;

  private constructor(writer: Writer) {
    this.writer = writer;
  }

  static async start(label: string, size = 20, pauseMs = 100): Promise<WriteLoad> {
    const writer = await Writer.create(writerTarget(uniqueName('k8s')), label);
    writer.start({ size, pauseMs });
    return new WriteLoad(writer);
  }

  get writes(): number {
    return this.writer.batches.length;
  }

  /**
   * A stream of the writer's changes feed through the gateway's edge, from now, as a tool follows
   * it: `check` waits until every card of the batches acknowledged so far arrived on it, and says
   * how many never did and how often the stream was cut and resumed (Last-Event-ID).
   */
  async followChanges(): Promise<{ check: (waitMs: number) => Promise<{ received: number; missing: number; reconnects: number }> }> {
    const { writer } = this;
    const bearer = { authorization: `Bearer ${writer.token}` };
    const head = await writer.client.changes.head();
    const follower = new ChangeFollower(`${writerTarget('').gateway}/api/v1/changes?after=${head}`, bearer);
    await follower.opened;
    const from = writer.batches.length;
    return {
      check: async (waitMs) => {
        const acknowledged = writer.batches.slice(from).filter((batch) => batch.acknowledged);
        const cards = acknowledged.flatMap((batch) => Array.from({ length: batch.size }, (_, index) => `b${String(batch.n)}-r${String(index)}`));
        const timeout = new Promise<'late'>((resolve) =>
          setTimeout(() => {
            resolve('late');
          }, waitMs).unref(),
        );
        await Promise.race([Promise.all(cards.map((card) => follower.arrival(card))), timeout]);
        const seen = new Set(follower.received.map((change) => change.uniqueId));
        follower.close();
        return { received: follower.received.length, missing: cards.filter((card) => !seen.has(card)).length, reconnects: follower.reconnects };
      },
    };
  }

  async stop(waitMs = 120_000): Promise<LoadResult> {
    await this.writer.stop();
    const ledger = await settle(this.writer, waitMs);
    await this.writer.close();
    const failedRequests = [...this.writer.refusals.values()].reduce((sum, count) => sum + count, 0);
    return { ...ledger, batches: this.writer.batches.length, failedRequests };
  }

  static figures(result: LoadResult, refusals = ''): Figures {
    return {
      'batches written': result.batches,
      'failed requests': `${String(result.failedRequests)}${refusals}`,
      'events delivered': `${String(result.delivered)} of ${String(result.written)}`,
      'events repeated': result.duplicated,
    };
  }

  refusalsText(): string {
    const entries = [...this.writer.refusals.entries()];
    return entries.length === 0 ? '' : ` (${entries.map(([status, count]) => `${String(count)}× ${status === 0 ? 'no answer' : String(status)}`).join(', ')})`;
  }
}
