import { afterAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { DeliveredMessage, Subscription } from '../src/index.ts';
import { eventually, uniqueName } from '../src/testing.ts';
import { kafkaAdapter } from './support/bus-fixtures.ts';

const infraScript = fileURLToPath(new URL('../../../scripts/infra', import.meta.url));
const infra = (command: string): void => {
  execFileSync('bash', [infraScript, command], { stdio: 'inherit' });
};

describe('Kafka bus across a broker restart', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    infra('kafka-start'); // whatever happened, leave the broker running for the suites after this one
    for (const step of cleanup.reverse()) await step();
  });

  it('loses nothing published before, during and after the restart', async () => {
    const world = await kafkaAdapter.open();
    cleanup.push(() => world.close());
    const topic = uniqueName('restart');
    await world.bus.ensureTopics([topic]);
    const seen: DeliveredMessage[] = [];
    const subscription: Subscription = await world.bus.subscribe({
      groupId: 'survivor',
      topics: [topic],
      handler: (message) => {
        seen.push(message);
        return Promise.resolve();
      },
    });
    cleanup.push(() => subscription.close());
    const publish = (label: string) => world.bus.publish([{ topic, key: 'k', value: Buffer.from(label) }]);
    const received = () => new Set(seen.map((message) => Buffer.from(message.value).toString()));

    await publish('before');
    await eventually(() => (received().has('before') ? true : undefined), 30_000, 'before');

    infra('kafka-stop');
    // A publish may be refused while the broker is away; like the outbox relay, try again until accepted.
    const during = eventually(
      () =>
        publish('during').then(
          () => true,
          () => undefined,
        ),
      120_000,
      'publish during the outage',
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    infra('kafka-start');
    await during;
    await publish('after');

    await eventually(() => (received().has('during') && received().has('after') ? true : undefined), 120_000, 'during and after');
    expect([...received()]).toEqual(['before', 'during', 'after']);
  }, 180_000);
});
