import { LRUCache } from 'lru-cache';
import type { Logger } from '@boardsync/kit';
import { UNREADABLE_SECRET, type SecretKeyring } from '../domain/secret-keyring.ts';
import { signingKeys, type SigningKeys } from '../domain/signature.ts';

/**
 * Signing keys kept, by webhook and their secret's sealed form (a `v2` seal opens only for its own
 * webhook): opening a secret (AES-GCM) on every attempt was a fifth of the worker's CPU, and keying
 * an HMAC with a Buffer another tenth.
 */
const KEPT = 1_000;

type Opened = SigningKeys | string | typeof UNREADABLE_SECRET;

/** The signing keys of the webhooks this worker sends to, opened once each (the last 1,000). */
export class OpenedSecrets {
  private readonly keyring: SecretKeyring;
  private readonly unreadable: (error: unknown, webhookId: number) => void;
  private readonly opened = new LRUCache<string, Opened>({ max: KEPT });

  /** Logs each stored secret that does not open (`err` says why), once while it is kept. */
  constructor(keyring: SecretKeyring, logger: Logger) {
    this.keyring = keyring;
    this.unreadable = (error, webhookId) => {
      logger.error(
        { err: error, webhookId },
        'a webhook signing secret does not open (no listed key, sealed for another webhook, or v1/bare under WEBHOOK_SECRET_BINDING=webhook): its attempts fail (secret_unreadable), nothing is sent',
      );
    };
  }

  /**
   * The secret's signing keys; the secret itself when it cannot key the Standard's signature, or
   * UNREADABLE_SECRET when no listed key opens it (sending records either as a failed attempt).
   */
  open(stored: string, webhookId: number): Opened {
    const kept = `${String(webhookId)} ${stored}`;
    let keys = this.opened.get(kept);
    if (keys === undefined) {
      keys = this.opening(stored, webhookId);
      this.opened.set(kept, keys);
    }
    return keys;
  }

  private opening(stored: string, webhookId: number): Opened {
    const secret = this.keyring.openOrUnreadable(stored, webhookId, (error) => {
      this.unreadable(error, webhookId);
    });
    if (secret === UNREADABLE_SECRET) return secret;
    try {
      return signingKeys(secret);
    } catch {
      return secret;
    }
  }
}
