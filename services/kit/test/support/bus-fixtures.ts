import { join } from 'node:path';
import { InProcessBus, KafkaBus, kafkaSecurity, kafkaSecurityEnv, type EventBus, type KafkaBusOptions } from '../../src/index.ts';
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

/** Kafka through the listener `brokers` name, with the TLS and SASL options `security` gives. */
const kafkaThrough = (name: string, brokers: string[], security: () => Partial<KafkaBusOptions> = () => ({})): BusAdapter => ({
  name,
  open: () => {
    const namespace = uniqueName('t');
    const made: EventBus[] = [];
    const instance = (): EventBus => {
      const bus = new KafkaBus({ brokers, clientId: 'contract', logger, namespace, retry: fastRetry, ...security() });
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
});

export const kafkaAdapter = kafkaThrough('kafka', infra.kafkaBrokers);

/** As a managed cluster is reached: SCRAM-SHA-512 over TLS, the broker checked against its CA. */
export const kafkaOverSaslSslAdapter = kafkaThrough('kafka over SASL_SSL (SCRAM-SHA-512)', infra.kafkaSaslSslBrokers, () => {
  const { describe: _described, ...options } = kafkaSecurity(
    kafkaSecurityEnv.parse({
      KAFKA_TLS_CA_FILE: join(infra.tlsDir, 'ca.pem'),
      KAFKA_SASL_MECHANISM: 'scram-sha-512',
      KAFKA_SASL_USERNAME: infra.kafkaSaslUser,
      KAFKA_SASL_PASSWORD: infra.kafkaSaslPassword,
    }),
  );
  return options;
});

export const inProcessAdapter: BusAdapter = {
  name: 'in-process',
  open: () => {
    const bus = new InProcessBus({ logger, retry: fastRetry });
    return Promise.resolve({ bus, instance: () => bus, close: () => bus.close() });
  },
};
