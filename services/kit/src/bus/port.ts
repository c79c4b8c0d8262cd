/**
 * The event bus as services see it. Delivery is at least once, in order per key, shared across
 * the instances of one consumer group, and a message is acknowledged only after its handler
 * succeeds; a handler that throws sees the same message again.
 */
export interface OutgoingMessage {
  topic: string;
  key: string;
  value: Uint8Array;
  headers?: Record<string, string>;
}

export interface DeliveredMessage {
  topic: string;
  key: string;
  value: Uint8Array;
  headers: Record<string, string>;
  /** Position in the topic partition, for logs and idempotency keys. */
  partition: number;
  offset: string;
  /** How many times this handler has been given this message in this process (1 on first try). */
  attempt: number;
  /** Tells the broker a long handler is still alive (between the steps of long work), so its partition is not taken away. */
  heartbeat(): Promise<void>;
}

export type MessageHandler = (message: DeliveredMessage) => Promise<void>;

/**
 * Messages of one partition, in order, acknowledged together once the handler succeeds; a handler
 * that throws sees the whole batch again (so it must be idempotent per message, as every handler
 * of an at-least-once bus is). One transaction per batch instead of one per message.
 */
export type BatchHandler = (messages: readonly DeliveredMessage[]) => Promise<void>;

/** The most messages one batch handler call is given, unless the subscription says otherwise. */
export const DEFAULT_MAX_BATCH = 500;

export interface SubscribeCommon {
  groupId: string;
  topics: string[];
  /** Read a topic from its start when the group has no committed position yet (default true). */
  fromBeginning?: boolean;
}

export type SubscribeOptions = SubscribeCommon &
  (
    | { handler: MessageHandler; batchHandler?: never }
    | {
        batchHandler: BatchHandler;
        handler?: never;
        /** At most this many messages per call (default {@link DEFAULT_MAX_BATCH}). */
        maxBatch?: number;
      }
  );

export interface Subscription {
  /** Stops fetching; a message whose handler is running finishes (or is retried elsewhere). */
  close(): Promise<void>;
}

/** Messages of one topic a consumer group has yet to consume, summed over the topic's partitions. */
export interface TopicLag {
  topic: string;
  lag: number;
}

export interface EventBus {
  /** Resolves once the broker has durably accepted every message, in order. */
  publish(messages: OutgoingMessage[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Creates missing topics (development and tests; production topics are provisioned). */
  ensureTopics(topics: string[]): Promise<void>;
  /** Throws when the broker cannot be reached; for readiness checks. */
  ping(): Promise<void>;
  /**
   * What `group` has yet to consume of each of its topics, from the broker's committed offsets (for
   * metrics, `bus/consumer-lag.ts`). A group that has committed nothing yet is behind by everything
   * retained when it reads from the beginning, by nothing otherwise.
   */
  consumerLag?(group: SubscribeCommon): Promise<TopicLag[]>;
  /**
   * Why the broker refuses this client's settings for good (its credentials, its trust in the
   * brokers' certificate), as one line; undefined when it accepts them or cannot be reached now.
   */
  accessRefusal?(): Promise<string | undefined>;
  close(): Promise<void>;
}
