import type { Logger } from '../logger.ts';
import { backoffDelay, sleep } from './backoff.ts';
import type { EventBus, SubscribeOptions, Subscription } from './port.ts';

/**
 * Subscribes without holding up the service: while the broker is away the HTTP side still serves
 * (writes wait in the outbox), and each consumer keeps trying, with backoff, until it has joined.
 */
export class BackgroundSubscriptions {
  private readonly stopped = new AbortController();
  private readonly joined: Subscription[] = [];

  constructor(bus: EventBus, consumers: readonly SubscribeOptions[], logger: Logger) {
    // Each join catches its own failures and retries until closed, so nothing here can reject.
    for (const consumer of consumers) void this.join(bus, consumer, logger);
  }

  private async join(bus: EventBus, consumer: SubscribeOptions, logger: Logger): Promise<void> {
    for (let attempt = 1; !this.isClosed(); attempt += 1) {
      try {
        await bus.ensureTopics(consumer.topics);
        const subscription = await bus.subscribe(consumer);
        // Closed while joining: leave at once rather than consume for a service that is stopping.
        if (this.isClosed()) await subscription.close();
        else this.joined.push(subscription);
        logger.info({ groupId: consumer.groupId, topics: consumer.topics }, 'consumer joined');
        return;
      } catch (error) {
        const delayMs = backoffDelay(attempt, 500, 15_000);
        logger.warn({ err: error, groupId: consumer.groupId, attempt, delayMs }, 'consumer could not join yet; retrying');
        await sleep(delayMs, this.stopped.signal);
      }
    }
  }

  private isClosed(): boolean {
    return this.stopped.signal.aborted;
  }

  async close(): Promise<void> {
    this.stopped.abort();
    await Promise.all(this.joined.map((subscription) => subscription.close()));
  }
}
