import { LRUCache } from 'lru-cache';
import type { SecretKeyring } from '../domain/secret-keyring.ts';

/** Opened signing secrets kept, by their sealed form: opening one (AES-GCM) on every attempt was a fifth of the worker's CPU. */
const KEPT = 1_000;

/** The signing secrets of the webhooks this worker sends to, opened once each (the last 1,000). */
export class OpenedSecrets {
  private readonly keyring: SecretKeyring;
  private readonly opened = new LRUCache<string, string>({ max: KEPT });

  constructor(keyring: SecretKeyring) {
    this.keyring = keyring;
  }

  open(stored: string): string {
    let secret = this.opened.get(stored);
    if (secret === undefined) {
      secret = this.keyring.open(stored);
      this.opened.set(stored, secret);
    }
    return secret;
  }
}
