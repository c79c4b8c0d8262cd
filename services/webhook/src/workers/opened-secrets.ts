import { LRUCache } from 'lru-cache';
import type { SecretKeyring } from '../domain/secret-keyring.ts';
import { signingKeys, type SigningKeys } from '../domain/signature.ts';

/**
 * Signing keys kept, by their secret's sealed form: opening a secret (AES-GCM) on every attempt was
 * a fifth of the worker's CPU, and keying an HMAC with a Buffer another tenth.
 */
const KEPT = 1_000;

/** The signing keys of the webhooks this worker sends to, opened once each (the last 1,000). */
export class OpenedSecrets {
  private readonly keyring: SecretKeyring;
  private readonly opened = new LRUCache<string, SigningKeys | string>({ max: KEPT });

  constructor(keyring: SecretKeyring) {
    this.keyring = keyring;
  }

  /** The secret's signing keys; the secret itself when it cannot key the Standard's signature (sending then records it unsignable). */
  open(stored: string): SigningKeys | string {
    let keys = this.opened.get(stored);
    if (keys === undefined) {
      const secret = this.keyring.open(stored);
      try {
        keys = signingKeys(secret);
      } catch {
        keys = secret;
      }
      this.opened.set(stored, keys);
    }
    return keys;
  }
}
