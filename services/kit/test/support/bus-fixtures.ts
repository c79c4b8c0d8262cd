import { InProcessBus, KafkaBus, type EventBus } from '../../src/index.ts';
import { infra, testLogger, uniqueName } from '../../src/testing.ts';

/** One adapter under contract test: `open()` gives a fresh world; `instance()` another client in it. */
export interface BusWorld {
  bus: EventBus;
  /** A second client of the same broker, as a second replica of a service would have. */
  instance(): EventBus;
  close(): Promise<void>;
}

export interface BusAdapter {
  name: string;
  open(): Promise<BusWorld>;
}

const logger = testLogger('bus-contract');
const fastRetry = { baseDelayMs: 50, maxDelayMs: 500 };

export const kafkaAdapter: BusAdapter = {
  name: 'kafka',
  open: () => {
    const namespace = uniqueName('t');
    const made: EventBus[] = [];
    const instance = (): EventBus => {
      const bus = new KafkaBus({ brokers: infra.kafkaBrokers, clientId: 'contract', logger, namespace, retry: fastRetry });
      made.push(bus);
      return bus;
    };
    return Promise.resolve({
      bus: instance(),
      instance,
      close: async () => {
        await Promise.all(made.map((bus) => bus.close()));
      },
    });
  },
};

export const inProcessAdapter: BusAdapter = {
  name: 'in-process',
  open: () => {
    const bus = new InProcessBus({ logger, retry: fastRetry });
    return Promise.resolve({ bus, instance: () => bus, close: () => bus.close() });
  },
};
