import type { Logger } from '../logger.ts';
import { keepTrying } from './keep-trying.ts';
import type { EventBus, SubscribeOptions, Subscription } from './port.ts';

/**
 * Subscribes without holding up the service: while the broker is away the HTTP side still serves
 * (writes wait in the outbox), and each consumer keeps trying, with backoff, until it has joined.
 * Missing topics are created first (or, on a bus told not to create topics, waited for).
 */
export class BackgroundSubscriptions {
  private readonly stopped = new AbortController();
  private readonly joined: Subscription[] = [];

  constructor(bus: EventBus, consumers: readonly SubscribeOptions[], logger: Logger) {
    // keepTrying catches every failure and retries until closed, so nothing here can reject.
    for (const consumer of consumers) {
      void keepTrying(() => this.join(bus, consumer, logger), {
        stopped: this.stopped.signal,
        logger,
        what: 'joining a consumer group',
        context: { groupId: consumer.groupId },
      });
    }
  }

  private async join(bus: EventBus, consumer: SubscribeOptions, logger: Logger): Promise<void> {
    await bus.ensureTopics(consumer.topics);
    const subscription = await bus.subscribe(consumer);
    // Closed while joining: leave at once rather than consume for a service that is stopping.
    if (this.stopped.signal.aborted) await subscription.close();
    else this.joined.push(subscription);
    logger.info({ groupId: consumer.groupId, topics: consumer.topics }, 'consumer joined');
  }

  async close(): Promise<void> {
    this.stopped.abort();
    await Promise.all(this.joined.map((subscription) => subscription.close()));
  }
}

/**
 * Creates the topics a service publishes to (or, on a bus told not to create topics, checks they
 * exist), in the background and retried, like the consumers' joins.
 */
export class BackgroundTopics {
  private readonly stopped = new AbortController();
  private readonly done: Promise<void>;

  constructor(bus: EventBus, topics: readonly string[], logger: Logger) {
    this.done =
      topics.length === 0
        ? Promise.resolve()
        : keepTrying(() => bus.ensureTopics([...topics]), { stopped: this.stopped.signal, logger, what: 'ensuring topics exist', context: { topics } });
  }

  async close(): Promise<void> {
    this.stopped.abort();
    await this.done;
  }
}
