import { describe, expect, it } from '@jest/globals';
import { SecretKeyring, UNREADABLE_SECRET, isUnbound, parseSecretKeys } from '../secret-keyring.ts';
import { newWebhookSecret } from '../secret.ts';

const key = (fill: number) => Buffer.alloc(32, fill).toString('base64');

describe('SecretKeyring', () => {
  it('seals a secret so the stored text does not contain it, and opens it again', () => {
    const keyring = new SecretKeyring(parseSecretKeys(`k1=${key(1)}`));
    const secret = newWebhookSecret();
    const sealed = keyring.seal(secret, 7);
    expect(sealed).toMatch(/^sealed:v2:k1:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(secret.slice(6));
    expect(keyring.seal(secret, 7)).not.toBe(sealed);
    expect(keyring.open(sealed, 7)).toBe(secret);
    expect(keyring.isCurrent(sealed)).toBe(true);
  });

  it('opens what an older listed key sealed, and says it is not current', () => {
    const old = new SecretKeyring(parseSecretKeys(`k1=${key(1)}`));
    const rotated = new SecretKeyring(parseSecretKeys(`k2=${key(2)},k1=${key(1)}`));
    const sealed = old.seal('whsec_AAAA', 7);
    expect(rotated.open(sealed, 7)).toBe('whsec_AAAA');
    expect(rotated.isCurrent(sealed)).toBe(false);
    expect(rotated.seal('whsec_AAAA', 7)).toMatch(/^sealed:v2:k2:/);
  });

  it('refuses a value sealed under a key no longer listed, a tampered one, and a wrong key under the same id', () => {
    const keyring = new SecretKeyring(parseSecretKeys(`k1=${key(1)}`));
    const sealed = keyring.seal('whsec_AAAA', 7);
    expect(() => new SecretKeyring(parseSecretKeys(`k2=${key(2)}`)).open(sealed, 7)).toThrow(/"k1" is not in WEBHOOK_SECRET_KEYS/);
    // The last but one character: the last may carry only padding bits, so changing it might change no byte.
    const flipped = `${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(() => keyring.open(flipped, 7)).toThrow();
    expect(() => new SecretKeyring(parseSecretKeys(`k1=${key(9)}`)).open(sealed, 7)).toThrow();
  });

  it('under WEBHOOK_SECRET_BINDING=none (v1), passes a bare whsec_ secret (stored before sealing) through, and nothing else', () => {
    const keyring = new SecretKeyring(parseSecretKeys(`k1=${key(1)}`), 'v1');
    expect(keyring.open('whsec_AAAA', 7)).toBe('whsec_AAAA');
    expect(keyring.isCurrent('whsec_AAAA')).toBe(false);
    expect(() => keyring.open('plain', 7)).toThrow(/neither sealed nor/);
  });

  it('seals v2 bound to its webhook: it opens for that webhook only; v1 (binding none) opens all three, and each version reseals the other', () => {
    const v1 = new SecretKeyring(parseSecretKeys(`k1=${key(1)}`), 'v1');
    const v2 = v1.sealingIn('v2');
    const bound = v2.seal('whsec_AAAA', 7);
    expect(bound).toMatch(/^sealed:v2:k1:/);
    expect(v2.open(bound, 7)).toBe('whsec_AAAA');
    expect(v1.open(bound, 7)).toBe('whsec_AAAA');
    // The same ciphertext on another webhook's row does not open there, whatever the binding.
    expect(() => v2.open(bound, 8)).toThrow();
    expect(() => v1.open(bound, 8)).toThrow();
    const unbound = v1.seal('whsec_AAAA', 7);
    expect(unbound).toMatch(/^sealed:v1:k1:/);
    expect(v1.open(unbound, 8)).toBe('whsec_AAAA');
    expect([v2.isCurrent(bound), v2.isCurrent(unbound), v1.isCurrent(bound), v1.isCurrent(unbound)]).toEqual([true, false, false, true]);
    expect(v2.currentPrefix).toBe('sealed:v2:k1:');
    expect([v1.opensUnbound, v2.opensUnbound, v2.sealingIn('v1').opensUnbound]).toEqual([true, false, true]);
  });

  it('under WEBHOOK_SECRET_BINDING=webhook (v2) refuses a v1 or bare value, on its own row or a copy on another, as unreadable', () => {
    const v2 = new SecretKeyring(parseSecretKeys(`k1=${key(1)}`));
    const v1Sealed = v2.sealingIn('v1').seal('whsec_AAAA', 7);
    for (const stored of [v1Sealed, 'whsec_AAAA']) {
      expect(isUnbound(stored)).toBe(true);
      for (const webhookId of [7, 8])
        expect(() => v2.open(stored, webhookId)).toThrow(/not bound to its webhook \(v1 or bare\) is refused under WEBHOOK_SECRET_BINDING=webhook/);
      const heard: unknown[] = [];
      expect(v2.openOrUnreadable(stored, 8, (error) => heard.push(error))).toBe(UNREADABLE_SECRET);
      expect(heard).toHaveLength(1);
      expect(String(heard[0])).not.toContain('AAAA');
    }
    expect(isUnbound(v2.seal('whsec_AAAA', 7))).toBe(false);
  });

  it('opens v1 and bare values only when asked to (the one-time binding pass), sealing them bound to the row given', () => {
    const v2 = new SecretKeyring(parseSecretKeys(`k1=${key(1)}`));
    const binding = v2.openingUnbound();
    expect([binding.version, binding.opensUnbound, v2.opensUnbound]).toEqual(['v2', true, false]);
    const v1Sealed = v2.sealingIn('v1').seal('whsec_AAAA', 7);
    expect(binding.open(v1Sealed, 7)).toBe('whsec_AAAA');
    expect(binding.open('whsec_BBBB', 7)).toBe('whsec_BBBB');
    const bound = binding.seal(binding.open(v1Sealed, 7), 7);
    expect(v2.open(bound, 7)).toBe('whsec_AAAA');
    expect(() => v2.open(bound, 8)).toThrow();
  });

  it.each([
    ['', /expected id=key pairs/],
    ['k1', /each entry is id=key/],
    [`k1=${Buffer.alloc(16).toString('base64')}`, /16 bytes; it must be 32/],
    [`k1=${key(1)},k1=${key(2)}`, /share an id/],
  ])('refuses the setting %j', (text, message) => {
    expect(() => parseSecretKeys(text)).toThrow(message);
  });
});
