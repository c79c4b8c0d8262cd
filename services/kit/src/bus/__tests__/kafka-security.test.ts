import { describe, expect, it } from '@jest/globals';
import { busFromConfig, kafkaEnv } from '../../adapters.ts';
import { ConfigError, parseConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { kafkaSecurity, kafkaSecurityEnv } from '../kafka-security.ts';

const security = (env: Record<string, string>) => kafkaSecurity(kafkaSecurityEnv.parse(env));
const plain = { KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'boardsync', KAFKA_SASL_PASSWORD: 'hunter2-secret' };
const REFUSAL =
  'invalid configuration: KAFKA_SASL_MECHANISM: plain over a plaintext connection sends the password in clear: set KAFKA_TLS=true, use scram-sha-256 or scram-sha-512, or set KAFKA_SASL_ALLOW_PLAINTEXT=true';

describe('SASL over a plaintext Kafka connection', () => {
  it('refuses PLAIN without TLS as a configuration error (exit 78): one line naming the ways out, never the password', () => {
    let refusal: unknown;
    try {
      busFromConfig(parseConfig(kafkaEnv, { KAFKA_BROKERS: '127.0.0.1:1', ...plain }), 'test', createLogger({ service: 'test', level: 'silent' }));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ConfigError);
    expect((refusal as Error).message).toBe(REFUSAL);
    expect((refusal as Error).message).not.toContain('hunter2');
  });

  it('allows PLAIN over TLS, or without it when KAFKA_SASL_ALLOW_PLAINTEXT=true says the network is trusted', () => {
    expect(security({ ...plain, KAFKA_TLS: 'true' }).describe).toBe('TLS (the system CAs), SASL PLAIN as boardsync');
    const allowed = security({ ...plain, KAFKA_SASL_ALLOW_PLAINTEXT: 'true' });
    expect(allowed.describe).toBe('plaintext, SASL PLAIN as boardsync');
    expect(allowed.ssl).toBeUndefined();
    expect(allowed.sasl).toEqual({ mechanism: 'plain', username: 'boardsync', password: 'hunter2-secret' });
  });

  it.each(['scram-sha-256', 'scram-sha-512'])('allows %s without TLS: the password itself never crosses the wire', (mechanism) => {
    expect(security({ ...plain, KAFKA_SASL_MECHANISM: mechanism }).describe).toBe(`plaintext, SASL ${mechanism.toUpperCase()} as boardsync`);
  });

  it('reads KAFKA_SASL_ALLOW_PLAINTEXT as a boolean, false when unset, and lists the refusal beside the other problems', () => {
    expect(kafkaSecurityEnv.parse({}).KAFKA_SASL_ALLOW_PLAINTEXT).toBe(false);
    expect(() => parseConfig(kafkaSecurityEnv, { KAFKA_SASL_ALLOW_PLAINTEXT: 'maybe' })).toThrow(/KAFKA_SASL_ALLOW_PLAINTEXT: expected true or false/);
    expect(() => security({ KAFKA_SASL_MECHANISM: 'plain' })).toThrow(/KAFKA_SASL_MECHANISM: plain over a plaintext[\s\S]*KAFKA_SASL_USERNAME: is required/);
  });
});
