import kafkajs, { type Admin, type Consumer, type KafkaConfig, type KafkaMessage, type LogEntry, type Producer } from 'kafkajs';
import './kafkajs-idle-timer-fix.ts';
import type { Logger } from '../logger.ts';
import { DEFAULT_RETRY, handleBatchWithRetry, handleWithRetry, type RetryPolicy } from './handle-with-retry.ts';
import { kafkaAccessRefusal } from './kafka-access.ts';
import { fetchConsumerLag } from './kafka-lag.ts';
import { DEFAULT_MAX_BATCH, type DeliveredMessage, type EventBus, type OutgoingMessage, type SubscribeOptions, type Subscription } from './port.ts';
import type { SubscribeCommon, TopicLag } from './port.ts';
import { withTimeout } from '../timeout.ts';
import { TopicNames } from './topic-names.ts';
import { waitForTopicLeaders } from './topic-leaders.ts';

const { Kafka, Partitioners, logLevel } = kafkajs;

export interface KafkaBusOptions {
  brokers: string[];
  /** TLS and SASL, from `kafkaSecurity` (none: plaintext). */
  ssl?: KafkaConfig['ssl'];
  sasl?: KafkaConfig['sasl'];
  clientId: string;
  logger: Logger;
  /** Prepended to every topic and group id: lets test workers share one broker without meeting. */
  namespace?: string;
  /** For topics this bus creates because they are missing (default 3 partitions, replication 1). */
  partitions?: number;
  replicationFactor?: number;
  /**
   * False: this bus never creates a topic (they are made beforehand, by `create-topics`);
   * `ensureTopics` then only checks and throws `MissingTopics` naming any that is absent.
   */
  createTopics?: boolean;
  retry?: RetryPolicy;
  /** How long subscribe() waits for the consumer to join its group. */
  joinTimeoutMs?: number;
}

const PINO_LEVEL: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

export class KafkaBus implements EventBus {
  private readonly kafka: InstanceType<typeof Kafka>;
  private readonly config: KafkaConfig;
  private readonly names: TopicNames;
  private readonly options: KafkaBusOptions;
  private readonly producer: LazyClient<Producer>;
  private readonly admin: LazyClient<Admin>;
  private readonly subscriptions = new Set<Subscription>();
  /** Topics known to exist on the broker (service-facing names). */
  private readonly existing = new Set<string>();

  constructor(options: KafkaBusOptions) {
    this.options = options;
    this.names = new TopicNames(options.namespace);
    const logger = options.logger.child({ component: 'kafkajs' });
    const config: KafkaConfig = {
      clientId: options.clientId,
      brokers: options.brokers,
      ...(options.ssl ? { ssl: options.ssl } : {}),
      ...(options.sasl ? { sasl: options.sasl } : {}),
      connectionTimeout: 3_000,
      requestTimeout: 30_000,
      retry: { initialRetryTime: 300, maxRetryTime: 5_000, retries: 8 },
      logLevel: logLevel.WARN,
      logCreator: () => (entry: LogEntry) => {
        const { message, ...rest } = entry.log;
        logger[PINO_LEVEL[entry.level] ?? 'info']({ namespace: entry.namespace, ...rest }, message);
      },
    };
    this.config = config;
    this.kafka = new Kafka(config);
    this.producer = new LazyClient(() =>
      this.kafka.producer({ idempotent: true, maxInFlightRequests: 1, createPartitioner: Partitioners.DefaultPartitioner, ...this.autoCreation() }),
    );
    this.admin = new LazyClient(() => this.kafka.admin());
  }

  accessRefusal(): Promise<string | undefined> {
    return kafkaAccessRefusal(this.config);
  }

  async publish(messages: OutgoingMessage[]): Promise<void> {
    if (messages.length === 0) return;
    // A missing topic must not stall an outbox: create it (idempotently) before the first send.
    await this.ensureTopics([...new Set(messages.map((message) => message.topic))]);
    const producer = await this.producer.get();
    const byTopic = new Map<string, OutgoingMessage[]>();
    for (const message of messages) {
      const list = byTopic.get(message.topic) ?? [];
      list.push(message);
      byTopic.set(message.topic, list);
    }
    await producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, list]) => ({
        topic: this.names.outward(topic),
        messages: list.map((message) => ({
          key: message.key,
          value: Buffer.from(message.value),
          ...(message.headers ? { headers: message.headers } : {}),
        })),
      })),
    });
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    const { groupId, topics, fromBeginning = true } = options;
    const logger = this.options.logger.child({ component: 'consumer', groupId });
    const consumer: Consumer = this.kafka.consumer({
      groupId: this.names.outward(groupId),
      // A member killed with kill -9 holds its partitions until its session times out (they were
      // 30 s, and its events waited that long). Batches here take well under a second, a handler's
      // retries heartbeat, and a long one (asset internalizing) heartbeats on its own: 10 s is ample.
      sessionTimeout: 10_000,
      rebalanceTimeout: 30_000,
      heartbeatInterval: 3_000,
      maxWaitTimeInMs: 250,
      // A crashed consumer always comes back: losing a consumer silently is worse than a restart loop.
      retry: { initialRetryTime: 300, maxRetryTime: 5_000, retries: 8, restartOnFailure: () => Promise.resolve(true) },
      ...this.autoCreation(),
    });
    const stopped = new AbortController();
    const joined = new Promise<void>((resolve) => {
      consumer.on(consumer.events.GROUP_JOIN, () => {
        resolve();
      });
    });
    const retry = { logger, group: groupId, retry: this.options.retry ?? DEFAULT_RETRY, stopped: stopped.signal };
    const delivered = (topic: string, partition: number, message: KafkaMessage, heartbeat: () => Promise<void>): Omit<DeliveredMessage, 'attempt'> => ({
      topic: this.names.inward(topic),
      partition,
      offset: message.offset,
      key: message.key?.toString() ?? '',
      value: new Uint8Array(message.value ?? Buffer.alloc(0)),
      headers: Object.fromEntries(Object.entries(message.headers ?? {}).map(([name, value]) => [name, value === undefined ? '' : value.toString()])),
      heartbeat,
    });
    const commitAfter = (topic: string, partition: number, offset: string) =>
      consumer.commitOffsets([{ topic, partition, offset: (BigInt(offset) + 1n).toString() }]);
    await consumer.connect();
    await consumer.subscribe({ topics: topics.map((topic) => this.names.outward(topic)), fromBeginning });
    if (options.batchHandler !== undefined) {
      const { batchHandler, maxBatch = DEFAULT_MAX_BATCH } = options;
      await consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        // Partitions keep their own order; a batch handler's work is mostly waiting on its database.
        partitionsConsumedConcurrently: 3,
        eachBatch: async (payload) => {
          const { topic, partition } = payload.batch;
          const heartbeat = () => payload.heartbeat();
          const { messages } = payload.batch;
          for (let from = 0; from < messages.length; from += maxBatch) {
            if (!payload.isRunning() || payload.isStale()) return;
            const chunk = messages.slice(from, from + maxBatch);
            const handled = await handleBatchWithRetry(
              chunk.map((message) => delivered(topic, partition, message, heartbeat)),
              batchHandler,
              { ...retry, beforeRetry: heartbeat },
            );
            if (!handled) throw new Error('subscription closed before the handler succeeded');
            const last = chunk.at(-1)?.offset;
            if (last === undefined) continue;
            payload.resolveOffset(last);
            await commitAfter(topic, partition, last);
          }
        },
      });
    } else {
      const { handler } = options;
      await consumer.run({
        autoCommit: false,
        eachMessage: async (payload) => {
          const { topic, partition, message } = payload;
          const heartbeat = () => payload.heartbeat();
          const handled = await handleWithRetry(delivered(topic, partition, message, heartbeat), handler, { ...retry, beforeRetry: heartbeat });
          // Unacknowledged messages are fetched again from the last commit by whoever owns the partition next.
          if (!handled) throw new Error('subscription closed before the handler succeeded');
          await commitAfter(topic, partition, message.offset);
        },
      });
    }
    const joinTimeoutMs = this.options.joinTimeoutMs ?? 60_000;
    await withTimeout(joined, joinTimeoutMs, `consumer group ${groupId} did not join within ${joinTimeoutMs} ms`);
    const subscription: Subscription = {
      close: async () => {
        stopped.abort();
        this.subscriptions.delete(subscription);
        await consumer.disconnect();
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  /**
   * With createTopics false no topic comes into being from here, not even through a broker with
   * auto.create.topics.enable answering a producer's or consumer's metadata request for one it lacks
   * (with the wrong partition count, and hiding the missing `create-topics`). Otherwise kafkajs's default.
   */
  private autoCreation(): { allowAutoTopicCreation?: false } {
    return this.options.createTopics === false ? { allowAutoTopicCreation: false } : {};
  }

  async ensureTopics(topics: string[]): Promise<void> {
    const unknown = topics.filter((topic) => !this.existing.has(topic));
    if (unknown.length === 0) return;
    if (this.options.createTopics === false) {
      const missing = await this.missingTopics(unknown);
      if (missing.length > 0) throw new MissingTopics(missing.map((topic) => this.names.outward(topic)));
      for (const topic of unknown) this.existing.add(topic);
      return;
    }
    const { created } = await this.createMissingTopics(unknown);
    if (created.length > 0) this.options.logger.info({ topics: created }, 'created missing topics');
  }

  /** Creates those of `topics` the broker lacks, whatever `createTopics` says (for `create-topics`); service-facing names in, both lists out. */
  async createMissingTopics(topics: readonly string[]): Promise<{ created: string[]; existing: string[] }> {
    const missing = await this.missingTopics(topics);
    if (missing.length > 0) {
      const admin = await this.admin.get();
      // Another replica may create the same topic at the same moment; createTopics then reports it as existing.
      const outward = missing.map((topic) => this.names.outward(topic));
      const [numPartitions, replicationFactor] = [this.options.partitions ?? 3, this.options.replicationFactor ?? 1];
      await admin.createTopics({ waitForLeaders: false, topics: outward.map((topic) => ({ topic, numPartitions, replicationFactor })) });
      await waitForTopicLeaders(admin, outward);
    }
    for (const topic of topics) this.existing.add(topic);
    return { created: missing, existing: topics.filter((topic) => !missing.includes(topic)) };
  }

  private async missingTopics(topics: readonly string[]): Promise<string[]> {
    const admin = await this.admin.get();
    const onBroker = new Set(await admin.listTopics());
    return topics.filter((topic) => !onBroker.has(this.names.outward(topic)));
  }

  async ping(): Promise<void> {
    const admin = await this.admin.get();
    await admin.describeCluster();
  }

  async consumerLag(group: SubscribeCommon): Promise<TopicLag[]> {
    return fetchConsumerLag(await this.admin.get(), this.names, group);
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await Promise.all([this.producer.disconnect(), this.admin.disconnect()]);
  }
}

/** A topic the service needs is not on the broker, and this bus was told not to create it. */
export class MissingTopics extends Error {
  override readonly name = 'MissingTopics';
  readonly topics: readonly string[];

  constructor(topics: readonly string[]) {
    super(`Kafka topics missing: ${topics.join(', ')} (KAFKA_CREATE_TOPICS=false, so they are not created here: run \`node src/main.ts create-topics\`)`);
    this.topics = topics;
  }
}

/** A client connected on first use; a failed attempt is forgotten, so the next call tries again. */
class LazyClient<T extends { connect(): Promise<void>; disconnect(): Promise<void> }> {
  private pending: Promise<T> | undefined;
  private readonly create: () => T;

  constructor(create: () => T) {
    this.create = create;
  }

  get(): Promise<T> {
    this.pending ??= (async () => {
      const client = this.create();
      await client.connect();
      return client;
    })().catch((error: unknown) => {
      this.pending = undefined;
      throw error;
    });
    return this.pending;
  }

  async disconnect(): Promise<void> {
    const pending = this.pending;
    this.pending = undefined;
    if (pending) await (await pending).disconnect();
  }
}
