import { describe, expect, it } from '@jest/globals';
import { ConfigError, parseConfig } from '@boardsync/kit/core';
import { gatewaySettingsSchema } from '../config.ts';

const required = {
  AUTH_URL: 'http://127.0.0.1:8081',
  AUTH_INTERNAL_URL: 'http://127.0.0.1:9081',
  INTROSPECTION_CLIENT_SECRET: 'i'.repeat(32),
  INTERNAL_JWT_SECRET: 'p'.repeat(32),
};

describe('gateway settings for introspection, limits and events', () => {
  it('defaults to a 30 s positive and 5 s negative cache, 30 failures per IP a minute, the boardsync key prefix and no fixed replica id', () => {
    const config = parseConfig(gatewaySettingsSchema, required);
    expect(config).toMatchObject({
      INTROSPECTION_CACHE_SECONDS: 30,
      INTROSPECTION_NEGATIVE_CACHE_SECONDS: 5,
      RATE_LIMIT_AUTH_FAILURES_PER_IP_PER_MINUTE: 30,
      REDIS_KEY_PREFIX: 'boardsync',
    });
    expect(config.REPLICA_ID).toBeUndefined();
  });

  it('takes them from the environment', () => {
    const config = parseConfig(gatewaySettingsSchema, {
      ...required,
      INTROSPECTION_NEGATIVE_CACHE_SECONDS: '0',
      RATE_LIMIT_AUTH_FAILURES_PER_IP_PER_MINUTE: '100',
      REDIS_KEY_PREFIX: 'staging',
      REPLICA_ID: 'gateway-0',
    });
    expect(config).toMatchObject({
      INTROSPECTION_NEGATIVE_CACHE_SECONDS: 0,
      RATE_LIMIT_AUTH_FAILURES_PER_IP_PER_MINUTE: 100,
      REDIS_KEY_PREFIX: 'staging',
      REPLICA_ID: 'gateway-0',
    });
  });

  it.each([
    ['a positive cache over 30 s', { INTROSPECTION_CACHE_SECONDS: '31' }],
    ['a negative cache over a minute', { INTROSPECTION_NEGATIVE_CACHE_SECONDS: '61' }],
    ['no failure budget at all', { RATE_LIMIT_AUTH_FAILURES_PER_IP_PER_MINUTE: '0' }],
    ['a key prefix with a colon', { REDIS_KEY_PREFIX: 'a:b' }],
    ['a metrics port on the public port', { PORT: '8080', METRICS_PORT: '8080' }],
    ['a metrics port on the internal port', { INTERNAL_PORT: '9100', METRICS_PORT: '9100' }],
    ['a blank-padded hexadecimal metrics port', { METRICS_PORT: ' 0x2384 ' }],
  ])('refuses %s', (_label, overrides) => {
    expect(() => parseConfig(gatewaySettingsSchema, { ...required, ...overrides })).toThrow(ConfigError);
  });

  it('says why a metrics port on the internal port is refused', () => {
    expect(() => parseConfig(gatewaySettingsSchema, { ...required, INTERNAL_PORT: '9100', METRICS_PORT: '9100' })).toThrow(
      'invalid configuration: METRICS_PORT: must differ from INTERNAL_PORT (9100): the scrape listener needs a port of its own (got "9100")',
    );
  });
});
