import { describe, expect, it } from '@jest/globals';
import { newWebhookSecret, secretKeyBytes } from '../secret.ts';

describe('newWebhookSecret', () => {
  it('is whsec_ and the base64 of 32 bytes, new every time', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });
});

describe('secretKeyBytes', () => {
  it('decodes the base64 after whsec_', () => {
    const key = Buffer.from('0123456789abcdef0123456789abcdef');
    expect(secretKeyBytes(`whsec_${key.toString('base64')}`)).toEqual(key);
  });

  it('decodes a secret without the prefix whole, as the Standard libraries do', () => {
    expect(secretKeyBytes('AAEC')).toEqual(Buffer.from([0, 1, 2]));
  });

  it.each(['whsec_', '', 'whsec_not base64!', 'whsec_abc', 'whsec_YWJj=='])('refuses %j', (secret) => {
    expect(() => secretKeyBytes(secret)).toThrow('a webhook secret is "whsec_" followed by base64 text');
  });
});
