import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KafkaBus, kafkaSecurity, kafkaSecurityEnv } from '../src/index.ts';
import { infra, testLogger, uniqueName } from '../src/testing.ts';

// The test broker's SASL_SSL and SSL listeners, set up as managed clusters are (scripts/infra):
// each way in is configured from the same environment variables a deployment sets.
const tlsFile = (name: string) => join(infra.tlsDir, name);
const security = (env: Record<string, string>) => kafkaSecurity(kafkaSecurityEnv.parse(env));
const sasl = (mechanism: string, password = infra.kafkaSaslPassword): Record<string, string> => ({
  KAFKA_TLS_CA_FILE: tlsFile('ca.pem'),
  KAFKA_SASL_MECHANISM: mechanism,
  KAFKA_SASL_USERNAME: infra.kafkaSaslUser,
  KAFKA_SASL_PASSWORD: password,
});

const buses: KafkaBus[] = [];
const busOf = (brokers: string[], env: Record<string, string>): KafkaBus => {
  const { describe: _described, ...options } = security(env);
  const bus = new KafkaBus({ brokers, clientId: 'security', logger: testLogger('kafka-security'), namespace: uniqueName('sec'), ...options });
  buses.push(bus);
  return bus;
};
afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
});

describe('Kafka over TLS and SASL, from the environment', () => {
  it.each(['plain', 'scram-sha-256', 'SCRAM-SHA-512'])('connects with SASL %s over TLS, the broker checked against the given CA', async (mechanism) => {
    const bus = busOf(infra.kafkaSaslSslBrokers, sasl(mechanism));
    expect(await bus.accessRefusal()).toBeUndefined();
    const topic = uniqueName('topic');
    await bus.ensureTopics([topic]);
    await bus.publish([{ topic, key: 'k', value: Buffer.from('over TLS') }]);
    await bus.ping();
  });

  it('reads the password from a file, as a mounted Secret gives it (a trailing newline ignored)', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'kafka-secret-'));
    try {
      await writeFile(join(folder, 'password'), `${infra.kafkaSaslPassword}\n`);
      const { KAFKA_SASL_PASSWORD: _inline, ...rest } = sasl('scram-sha-256');
      expect(await busOf(infra.kafkaSaslSslBrokers, { ...rest, KAFKA_SASL_PASSWORD_FILE: join(folder, 'password') }).accessRefusal()).toBeUndefined();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('connects with a client certificate where the cluster requires one', async () => {
    const bus = busOf(infra.kafkaMtlsBrokers, {
      KAFKA_TLS_CA_FILE: tlsFile('ca.pem'),
      KAFKA_TLS_CERT_FILE: tlsFile('client.pem'),
      KAFKA_TLS_KEY_FILE: tlsFile('client.key'),
    });
    expect(await bus.accessRefusal()).toBeUndefined();
    await bus.ping();
  });

  it('names a refused password or an untrusted broker in one line; a broker that is down is no configuration error', async () => {
    expect(await busOf(infra.kafkaSaslSslBrokers, sasl('scram-sha-512', 'not-the-password')).accessRefusal()).toMatch(
      /^Kafka refused the SASL credentials \(scram-sha-512 as boardsync\): check KAFKA_SASL_USERNAME/,
    );
    // No CA given: the system's CAs, which never signed the test broker.
    const { KAFKA_TLS_CA_FILE: _ca, ...withoutCa } = sasl('plain');
    expect(await busOf(infra.kafkaSaslSslBrokers, { ...withoutCa, KAFKA_TLS: 'true' }).accessRefusal()).toMatch(
      /^Kafka's certificate is not trusted \((SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)\): set KAFKA_TLS_CA_FILE/,
    );
    expect(await busOf(['127.0.0.1:1'], sasl('plain')).accessRefusal()).toBeUndefined();
  });

  it('refuses settings that do not fit together, naming each variable, and describes the rest without its secrets', () => {
    const refused = (env: Record<string, string>) => () => security(env);
    expect(refused({ KAFKA_SASL_MECHANISM: 'scram-sha-256' })).toThrow(/KAFKA_SASL_USERNAME: is required[\s\S]*KAFKA_SASL_PASSWORD: is required/);
    expect(refused({ KAFKA_TLS_CERT_FILE: tlsFile('client.pem') })).toThrow(/KAFKA_TLS_KEY_FILE: a client certificate needs both/);
    expect(() => kafkaSecurityEnv.parse({ KAFKA_TLS_CA_FILE: '/nonexistent/ca.pem' })).toThrow(/cannot read \/nonexistent\/ca.pem: ENOENT/);
    expect(() => kafkaSecurityEnv.parse({ KAFKA_SASL_MECHANISM: 'gssapi' })).toThrow(/must be one of plain, scram-sha-256, scram-sha-512/);
    const described = security(sasl('scram-sha-512'));
    expect(described.describe).toBe('TLS (the given CA), SASL SCRAM-SHA-512 as boardsync');
    expect(described.describe).not.toContain(infra.kafkaSaslPassword);
    expect(security({}).describe).toBe('plaintext, no SASL');
  });
});
