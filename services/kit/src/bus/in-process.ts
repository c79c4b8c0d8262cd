import type { Logger } from '../logger.ts';
import { DEFAULT_RETRY, handleBatchWithRetry, handleWithRetry, type RetryPolicy } from './handle-with-retry.ts';
import { partitionFor } from './partition.ts';
import { DEFAULT_MAX_BATCH, type DeliveredMessage, type EventBus, type OutgoingMessage, type SubscribeOptions, type Subscription } from './port.ts';
import type { SubscribeCommon, TopicLag } from './port.ts';

export interface InProcessBusOptions {
  logger: Logger;
  partitions?: number;
  retry?: RetryPolicy;
}

type StoredMessage = Omit<DeliveredMessage, 'attempt' | 'heartbeat'>;
/** Nothing can take a partition away from a member of an in-process group while it works. */
const stillAlive = (): Promise<void> => Promise.resolve();

interface Member {
  readonly topics: ReadonlySet<string>;
  readonly handling: Pick<SubscribeOptions, 'handler' | 'batchHandler'> & { maxBatch?: number };
  readonly stopped: AbortController;
}

interface Group {
  readonly members: Member[];
  /** Next offset to deliver, per `topic/partition`. */
  readonly offsets: Map<string, number>;
  readonly workers: Set<string>;
}

/**
 * The bus for the embedded mode: one process, the same guarantees as the Kafka adapter
 * (partitions by key, consumer groups sharing partitions, acknowledge after success,
 * redelivery on failure), kept in memory. It does not survive a restart; the outbox does.
 */
export class InProcessBus implements EventBus {
  private readonly topics = new Map<string, StoredMessage[][]>();
  private readonly groups = new Map<string, Group>();
  private readonly partitions: number;
  private closed = false;
  private wake = new Set<() => void>();
  private readonly options: InProcessBusOptions;

  constructor(options: InProcessBusOptions) {
    this.options = options;
    this.partitions = options.partitions ?? 3;
  }

  publish(messages: OutgoingMessage[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('bus is closed'));
    for (const message of messages) {
      const partitions = this.log(message.topic);
      const partition = partitionFor(message.key, this.partitions);
      const log = partitions[partition] ?? [];
      log.push({
        topic: message.topic,
        key: message.key,
        value: message.value,
        headers: { ...message.headers },
        partition,
        offset: String(log.length),
      });
    }
    this.notify();
    return Promise.resolve();
  }

  subscribe(options: SubscribeOptions): Promise<Subscription> {
    const { groupId, topics, fromBeginning = true } = options;
    const group = this.group(groupId);
    const member: Member = { topics: new Set(topics), handling: options, stopped: new AbortController() };
    group.members.push(member);
    for (const topic of topics) {
      const partitions = this.log(topic);
      for (let partition = 0; partition < this.partitions; partition++) {
        const lane = `${topic}/${partition}`;
        if (!group.offsets.has(lane)) group.offsets.set(lane, fromBeginning ? 0 : (partitions[partition]?.length ?? 0));
        if (!group.workers.has(lane)) {
          group.workers.add(lane);
          void this.runLane(groupId, group, topic, partition);
        }
      }
    }
    this.notify();
    return Promise.resolve({
      close: () => {
        member.stopped.abort();
        group.members.splice(group.members.indexOf(member), 1);
        this.notify();
        return Promise.resolve();
      },
    });
  }

  ensureTopics(topics: string[]): Promise<void> {
    for (const topic of topics) this.log(topic);
    return Promise.resolve();
  }

  ping(): Promise<void> {
    return this.closed ? Promise.reject(new Error('bus is closed')) : Promise.resolve();
  }

  /** Messages of each topic past the group's next offsets (all of them for a group not seen yet, as `fromBeginning` reads). */
  consumerLag({ groupId, topics, fromBeginning = true }: SubscribeCommon): Promise<TopicLag[]> {
    const group = this.groups.get(groupId);
    return Promise.resolve(
      topics.map((topic) => {
        const lag = this.log(topic).reduce((sum, log, partition) => {
          const next = group?.offsets.get(`${topic}/${String(partition)}`) ?? (fromBeginning ? 0 : log.length);
          return sum + Math.max(0, log.length - next);
        }, 0);
        return { topic, lag };
      }),
    );
  }

  close(): Promise<void> {
    this.closed = true;
    for (const group of this.groups.values()) for (const member of group.members) member.stopped.abort();
    this.notify();
    return Promise.resolve();
  }

  /** Delivers one partition to the group, a message (or a batch of those waiting) at a time, to whichever member owns it now. */
  private async runLane(groupId: string, group: Group, topic: string, partition: number): Promise<void> {
    const lane = `${topic}/${partition}`;
    const logger = this.options.logger.child({ component: 'in-process-bus', groupId });
    while (!this.closed) {
      const offset = group.offsets.get(lane) ?? 0;
      const waiting = this.log(topic)[partition] ?? [];
      const owner = this.owner(group, topic, partition);
      if (offset >= waiting.length || !owner) {
        await this.nextChange();
        continue;
      }
      const retry = { logger, group: groupId, retry: this.options.retry ?? DEFAULT_RETRY, stopped: owner.stopped.signal };
      const { handler, batchHandler, maxBatch = DEFAULT_MAX_BATCH } = owner.handling;
      const messages = waiting.slice(offset, batchHandler ? offset + maxBatch : offset + 1).map((message) => ({ ...message, heartbeat: stillAlive }));
      const handled = batchHandler
        ? await handleBatchWithRetry(messages, batchHandler, retry)
        : handler !== undefined && messages[0] !== undefined && (await handleWithRetry(messages[0], handler, retry));
      if (handled) group.offsets.set(lane, offset + messages.length);
    }
  }

  /** Partitions are dealt round-robin over the members subscribed to the topic, in join order. */
  private owner(group: Group, topic: string, partition: number): Member | undefined {
    const candidates = group.members.filter((member) => member.topics.has(topic));
    return candidates[partition % Math.max(1, candidates.length)];
  }

  private log(topic: string): StoredMessage[][] {
    let partitions = this.topics.get(topic);
    if (!partitions) {
      partitions = Array.from({ length: this.partitions }, () => []);
      this.topics.set(topic, partitions);
    }
    return partitions;
  }

  private group(groupId: string): Group {
    let group = this.groups.get(groupId);
    if (!group) {
      group = { members: [], offsets: new Map(), workers: new Set() };
      this.groups.set(groupId, group);
    }
    return group;
  }

  private nextChange(): Promise<void> {
    return new Promise((resolve) => this.wake.add(resolve));
  }

  private notify(): void {
    const waiting = this.wake;
    this.wake = new Set();
    for (const resolve of waiting) resolve();
  }
}
