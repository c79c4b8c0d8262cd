import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { ConfigError, env, parseConfig, redact } from '../config.ts';
import { serviceEnv } from '../service-env.ts';

const schema = z.object({
  PORT: env.port(8080),
  KAFKA_BROKERS: env.list(),
  DATABASE_URL: env.optionalUrl(),
  INTERNAL_JWT_SECRET: env.secret(),
  DEBUG_SQL: env.boolean(false),
});

describe('parseConfig', () => {
  it('applies defaults and converts types', () => {
    const config = parseConfig(schema, { INTERNAL_JWT_SECRET: 'x'.repeat(32), KAFKA_BROKERS: 'a:1, b:2', DEBUG_SQL: 'yes' });
    expect(config).toEqual({ PORT: 8080, KAFKA_BROKERS: ['a:1', 'b:2'], DATABASE_URL: undefined, INTERNAL_JWT_SECRET: 'x'.repeat(32), DEBUG_SQL: true });
  });

  it('names the variable and its value in one line per problem', () => {
    expect(() => parseConfig(schema, { PORT: 'eighty', INTERNAL_JWT_SECRET: 'x'.repeat(32) })).toThrow(/^invalid configuration: PORT: .* \(got "eighty"\)$/);
  });

  it('never echoes a secret', () => {
    try {
      parseConfig(schema, { INTERNAL_JWT_SECRET: 'short-secret' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/INTERNAL_JWT_SECRET: must be at least 32 characters \(got "\*\*\*"\)/);
      expect((error as Error).message).not.toContain('short-secret');
    }
  });

  it('never echoes the password of a URL it refuses: one with an unencoded # or @ is exactly what fails to parse', () => {
    const urls = z.object({ DATABASE_URL: env.requiredUrl('the Postgres URL'), REDIS_URL: env.requiredUrl('the Redis URL') });
    try {
      parseConfig(urls, { DATABASE_URL: 'postgres://boardsync:hunter#2@db:5432/boardsync?sslmode=require', REDIS_URL: 'redis://:s3cr#t@cache:6379' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const { message } = error as Error;
      expect(message).toContain('DATABASE_URL: must be a URL: the Postgres URL (got "postgres://***@db:5432/boardsync?sslmode=require")');
      expect(message).toContain('REDIS_URL: must be a URL: the Redis URL (got "redis://***@cache:6379")');
      expect(message).not.toMatch(/hunter|s3cr|boardsync:/);
    }
  });

  it.each([
    ['DATABASE_URL', 'postgres://user:p/a?s#s@db/x', 'postgres://***@db/x'],
    ['DATABASE_URL', 'user:pass@db:5432/x', '***@db:5432/x'],
    ['DATABASE_URL', 'postgres://db/x?user=u&password=hunter2&sslmode=verify-full', 'postgres://db/x?user=u&password=***&sslmode=verify-full'],
    ['KAFKA_BROKERS', 'sasl://user:pw@k1:9092,k2:9092', 'sasl://***@k1:9092,k2:9092'],
    ['UPSTREAM_TIMEOUT_MS', 'soon', 'soon'],
    ['ADMIN_EMAIL', 'me@example.com', 'me@example.com'],
    ['REDIS_KEY_PREFIX', 'a:b', '***'],
  ])('shows %s=%j as %j', (variable, value, shown) => {
    expect(redact(variable, value)).toBe(shown);
  });

  it('reports every bad variable at once', () => {
    expect(() => parseConfig(schema, { PORT: '70000', DATABASE_URL: 'not a url' })).toThrow(ConfigError);
    try {
      parseConfig(schema, { PORT: '70000', DATABASE_URL: 'not a url' });
    } catch (error) {
      const lines = (error as Error).message.split('\n');
      expect(lines.map((line) => line.split(':')[1]?.trim())).toEqual(['PORT', 'DATABASE_URL', 'INTERNAL_JWT_SECRET']);
    }
  });

  it('tells a missing production adapter from a malformed one, and accepts an empty namespace', () => {
    const adapters = z.object({
      DATABASE_URL: env.requiredUrl('the Postgres URL'),
      KAFKA_BROKERS: env.requiredList('the brokers'),
      KAFKA_NAMESPACE: env.prefix(),
    });
    expect(() => parseConfig(adapters, {})).toThrow(
      'invalid configuration: DATABASE_URL: is required: the Postgres URL (unset)\ninvalid configuration: KAFKA_BROKERS: is required: the brokers (unset)',
    );
    expect(() => parseConfig(adapters, { DATABASE_URL: 'nope', KAFKA_BROKERS: ' , ' })).toThrow(
      /DATABASE_URL: must be a URL: the Postgres URL[\s\S]*KAFKA_BROKERS: is required/,
    );
    expect(parseConfig(adapters, { DATABASE_URL: 'postgres://db/x', KAFKA_BROKERS: 'k:9092', KAFKA_NAMESPACE: '' })).toEqual({
      DATABASE_URL: 'postgres://db/x',
      KAFKA_BROKERS: ['k:9092'],
      KAFKA_NAMESPACE: '',
    });
  });

  it('takes an optional port as unset when absent or empty, a number otherwise, and refuses anything else', () => {
    const ports = z.object({ METRICS_PORT: env.optionalPort() });
    expect(parseConfig(ports, {})).toEqual({ METRICS_PORT: undefined });
    expect(parseConfig(ports, { METRICS_PORT: '' })).toEqual({ METRICS_PORT: undefined });
    expect(parseConfig(ports, { METRICS_PORT: '9100' })).toEqual({ METRICS_PORT: 9100 });
    expect(parseConfig(ports, { METRICS_PORT: ' 9100 ' })).toEqual({ METRICS_PORT: 9100 });
    expect(parseConfig(ports, { METRICS_PORT: '0' })).toEqual({ METRICS_PORT: 0 });
    expect(() => parseConfig(ports, { METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
    expect(() => parseConfig(ports, { METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });

  it.each([' ', '\t', '  \n'])('takes a blank optional port (%j) as unset, never as port 0', (blank) => {
    expect(parseConfig(z.object({ METRICS_PORT: env.optionalPort() }), { METRICS_PORT: blank })).toEqual({ METRICS_PORT: undefined });
    expect(parseConfig(z.object({ PORT: env.port(8080) }), { PORT: blank })).toEqual({ PORT: 8080 });
  });

  it.each(['1e3', '0x2384', '9100.0', '-1', '+9100', '91 00', '９１００'])('refuses %j as a port: digits only', (text) => {
    expect(() => parseConfig(z.object({ METRICS_PORT: env.optionalPort() }), { METRICS_PORT: text })).toThrow(
      `invalid configuration: METRICS_PORT: must be a port number: digits only, 0 to 65535 (got ${JSON.stringify(text)})`,
    );
    expect(() => parseConfig(z.object({ PORT: env.port(8080) }), { PORT: text })).toThrow(/^invalid configuration: PORT: must be a port number/);
  });

  it('refuses a METRICS_PORT on the public or internal port, and lets port 0 (any free port) be', () => {
    const service = { ADMIN_TOKEN: 'a'.repeat(32), INTERNAL_JWT_SECRET: 'p'.repeat(32), PORT: '8080', INTERNAL_PORT: '9080' };
    expect(() => parseConfig(serviceEnv(8080), { ...service, METRICS_PORT: '8080' })).toThrow(
      'invalid configuration: METRICS_PORT: must differ from PORT (8080): the scrape listener needs a port of its own (got "8080")',
    );
    expect(() => parseConfig(serviceEnv(8080), { ...service, METRICS_PORT: '9080' })).toThrow(/METRICS_PORT: must differ from INTERNAL_PORT \(9080\)/);
    expect(() => parseConfig(serviceEnv(8080), { ...service, METRICS_PORT: '9080' })).toThrow(ConfigError);
    expect(parseConfig(serviceEnv(8080), { ...service, METRICS_PORT: '9100' }).METRICS_PORT).toBe(9100);
    expect(parseConfig(serviceEnv(8080), { ...service, PORT: '0', INTERNAL_PORT: '0', METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
  });
});
