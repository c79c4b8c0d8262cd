import { describe, expect, it } from '@jest/globals';
import { ConfigError, parseConfig } from '@boardsync/kit';
import { authSettingsSchema } from '../config.ts';

const required = {
  ADMIN_TOKEN: 'a'.repeat(32),
  INTERNAL_JWT_SECRET: 'p'.repeat(32),
  INTROSPECTION_CLIENT_SECRET: 'i'.repeat(32),
  SESSION_SECRET: 's'.repeat(32),
};

describe('auth settings', () => {
  // The charts hand the gateway and auth one REDIS_KEY_PREFIX: what one accepts, the other must too.
  it('takes REDIS_KEY_PREFIX as the gateway does: boardsync by default, empty for none', () => {
    expect(parseConfig(authSettingsSchema, required).REDIS_KEY_PREFIX).toBe('boardsync');
    expect(parseConfig(authSettingsSchema, { ...required, REDIS_KEY_PREFIX: '' }).REDIS_KEY_PREFIX).toBe('');
    expect(parseConfig(authSettingsSchema, { ...required, REDIS_KEY_PREFIX: 'staging' }).REDIS_KEY_PREFIX).toBe('staging');
    expect(() => parseConfig(authSettingsSchema, { ...required, REDIS_KEY_PREFIX: 'a:b' })).toThrow(ConfigError);
  });
});
