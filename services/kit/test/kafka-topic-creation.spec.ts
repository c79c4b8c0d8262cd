import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import kafkajs from 'kafkajs';
import { KafkaBus, type KafkaBusOptions } from '../src/index.ts';
import { infra, testLogger, uniqueName } from '../src/testing.ts';

// The test broker runs with auto.create.topics.enable=false, as production should; what a broker
// that has it on would do is decided by the flag kafkajs sends, so that is what is checked here.
const producerOptions = jest.spyOn(kafkajs.Kafka.prototype, 'producer');
const consumerOptions = jest.spyOn(kafkajs.Kafka.prototype, 'consumer');
const namespace = uniqueName('t');
const admin = new kafkajs.Kafka({ brokers: infra.kafkaBrokers, logLevel: kafkajs.logLevel.NOTHING }).admin();
const buses: KafkaBus[] = [];
const bus = (options: Partial<KafkaBusOptions> = {}) => {
  const made = new KafkaBus({ brokers: infra.kafkaBrokers, clientId: 'topic-creation', logger: testLogger('topic-creation'), namespace, ...options });
  buses.push(made);
  return made;
};
const message = { topic: 'orders', key: 'k', value: new Uint8Array([1]) };

beforeAll(async () => {
  await admin.connect();
});
afterAll(async () => {
  for (const made of buses) await made.close();
  const ours = (await admin.listTopics()).filter((topic) => topic.startsWith(`${namespace}.`));
  if (ours.length > 0) await admin.deleteTopics({ topics: ours });
  await admin.disconnect();
});

it('with createTopics false, its producer and consumers ask the broker never to auto-create a topic; by default kafkajs decides', async () => {
  const creating = bus();
  await creating.publish([message]);
  expect(producerOptions.mock.calls.at(-1)?.[0]).not.toHaveProperty('allowAutoTopicCreation');

  const checking = bus({ createTopics: false });
  await checking.publish([message]);
  expect(producerOptions.mock.calls.at(-1)?.[0]).toMatchObject({ allowAutoTopicCreation: false });
  const subscription = await checking.subscribe({ groupId: 'g', topics: ['orders'], handler: () => Promise.resolve() });
  expect(consumerOptions.mock.calls.at(-1)?.[0]).toMatchObject({ allowAutoTopicCreation: false });
  await subscription.close();
});
