import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { WEBHOOK_SECRET_PREFIX } from './secret.ts';

const SEALED = /^sealed:(v1|v2):([A-Za-z0-9_-]{1,32}):([A-Za-z0-9_-]+)$/;
const KEY_ENTRY = /^([A-Za-z0-9_-]{1,32})=([A-Za-z0-9+/_-]+={0,2})$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Binds a sealed value to what it is: a ciphertext moved to another column does not open. */
const CONTEXT = Buffer.from('boardsync webhook signing secret v1');

/** `v2` also binds it to its webhook: a ciphertext copied onto another webhook's row does not open there. */
function contextOf(version: SealVersion, webhookId: number): Buffer {
  return version === 'v1' ? CONTEXT : Buffer.from(`boardsync webhook signing secret v2 for webhook ${String(webhookId)}`);
}

/**
 * `v1`: sealed for any webhook (what releases before 2026-11-28 read and write); `v2`: sealed for
 * one webhook. Which one is written is WEBHOOK_SECRET_BINDING; `v2` (`webhook`) opens only `v2`.
 */
export type SealVersion = 'v1' | 'v2';

/**
 * A bare `whsec_` value (stored before sealing) or a `v1` seal: nothing in it names its webhook, so
 * copied onto another row it would open there. Refused by a keyring sealing `v2`.
 */
export function isUnbound(stored: string): boolean {
  return stored.startsWith(WEBHOOK_SECRET_PREFIX) || stored.startsWith('sealed:v1:');
}

/**
 * What a worker signs with when a stored secret opens under none of `WEBHOOK_SECRET_KEYS` (its key
 * left the list while rows were still sealed under it): sending records the attempt failed
 * (`secret_unreadable`) instead of sending it unsigned or leaving it to be claimed again forever.
 */
export const UNREADABLE_SECRET: unique symbol = Symbol('a secret no listed key opens');

export interface SecretKey {
  id: string;
  key: Buffer;
}

/**
 * Webhook signing secrets at rest: AES-256-GCM under the first key of `WEBHOOK_SECRET_KEYS`,
 * stored as `sealed:<version>:<key id>:<base64url of iv, ciphertext, tag>`, `v2` bound to its
 * webhook's id through the associated data. Any listed key opens what it sealed, so a new key can be
 * put first while the old one still opens every row; the service reseals rows not under the first
 * key, or not in the version it seals, at start and every minute. A database dump alone cannot sign
 * a delivery; with `v2`, neither can a row's ciphertext copied onto another webhook, which is why a
 * `v2` keyring refuses unbound values (`v1`, bare) unless asked to open them ({@link openingUnbound}).
 */
export class SecretKeyring {
  private readonly keys: ReadonlyMap<string, Buffer>;
  readonly currentId: string;
  /** What this keyring seals in. */
  readonly version: SealVersion;
  /** Whether it opens `v1` and bare values: by default only when it seals `v1` itself. */
  readonly opensUnbound: boolean;

  constructor(keys: readonly SecretKey[], version: SealVersion = 'v2', options: { opensUnbound?: boolean } = {}) {
    const [current] = keys;
    if (!current) throw new Error('a keyring needs at least one key');
    this.currentId = current.id;
    this.keys = new Map(keys.map(({ id, key }) => [id, key]));
    this.version = version;
    this.opensUnbound = options.opensUnbound ?? version === 'v1';
  }

  /** The same keys, sealing in `version` (and opening unbound values only if that is `v1`). */
  sealingIn(version: SealVersion): SecretKeyring {
    return new SecretKeyring(this.keyList(), version);
  }

  /**
   * The same keys and version, also opening `v1` and bare values: only for the operator's one-time
   * binding pass, which trusts that each such value is on the row it was made for.
   */
  openingUnbound(): SecretKeyring {
    return new SecretKeyring(this.keyList(), this.version, { opensUnbound: true });
  }

  /** What every value this keyring seals starts with: a stored value without it is resealed. */
  get currentPrefix(): string {
    return `sealed:${this.version}:${this.currentId}:`;
  }

  /** Seals webhook `webhookId`'s secret (`v1` does not bind it to the webhook). */
  seal(secret: string, webhookId: number): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keyFor(this.currentId), iv).setAAD(contextOf(this.version, webhookId));
    const sealed = Buffer.concat([iv, cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${this.currentPrefix}${sealed.toString('base64url')}`;
  }

  /**
   * The secret webhook `webhookId`'s stored value holds; a bare `whsec_` value (stored before
   * sealing) as it is. Throws when no listed key opens it, it was sealed (`v2`) for another webhook,
   * or it is unbound (`v1`, bare) and this keyring does not open those.
   */
  open(stored: string, webhookId: number): string {
    if (!this.opensUnbound && isUnbound(stored))
      throw new Error('a webhook secret not bound to its webhook (v1 or bare) is refused under WEBHOOK_SECRET_BINDING=webhook');
    if (stored.startsWith(WEBHOOK_SECRET_PREFIX)) return stored;
    const match = SEALED.exec(stored);
    if (!match) throw new Error('a stored webhook secret is neither sealed nor a whsec_ secret');
    const [, version = 'v1', id = '', payload = ''] = match;
    const bytes = Buffer.from(payload, 'base64url');
    if (bytes.length <= IV_BYTES + TAG_BYTES) throw new Error('a sealed webhook secret is truncated');
    const decipher = createDecipheriv('aes-256-gcm', this.keyFor(id), bytes.subarray(0, IV_BYTES)).setAAD(contextOf(version as SealVersion, webhookId));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  /** {@link open}, or UNREADABLE_SECRET when it throws (`unreadable` hears why). */
  openOrUnreadable(stored: string, webhookId: number, unreadable?: (error: unknown) => void): string | typeof UNREADABLE_SECRET {
    try {
      return this.open(stored, webhookId);
    } catch (error) {
      unreadable?.(error);
      return UNREADABLE_SECRET;
    }
  }

  /** True when the stored value is sealed under the current key in this keyring's version (nothing to reseal). */
  isCurrent(stored: string): boolean {
    return stored.startsWith(this.currentPrefix);
  }

  private keyList(): SecretKey[] {
    // A map keeps its keys in the order listed: the first is still the one that seals.
    return [...this.keys].map(([id, key]) => ({ id, key }));
  }

  private keyFor(id: string): Buffer {
    const key = this.keys.get(id);
    if (!key) throw new Error(`webhook secret key "${id}" is not in WEBHOOK_SECRET_KEYS`);
    return key;
  }
}

/** `id=base64key,…` (32-byte keys, distinct ids; the first seals) → the keys. Throws with what is wrong. */
export function parseSecretKeys(text: string): SecretKey[] {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) throw new Error('expected id=key pairs, e.g. k2025=<base64 of 32 random bytes>');
  const keys = entries.map((entry) => {
    const match = KEY_ENTRY.exec(entry);
    if (!match) throw new Error('each entry is id=key: an id of letters, digits, - or _, and a base64 key');
    const [, id = '', encoded = ''] = match;
    const key = Buffer.from(encoded, /[-_]/.test(encoded) ? 'base64url' : 'base64');
    if (key.length !== 32) throw new Error(`key "${id}" is ${String(key.length)} bytes; it must be 32 (openssl rand -base64 32)`);
    return { id, key };
  });
  if (new Set(keys.map(({ id }) => id)).size !== keys.length) throw new Error('two keys share an id');
  return keys;
}

/** The `WEBHOOK_SECRET_KEYS` setting: required, parsed into a keyring. */
export function secretKeyring() {
  return z.string({ error: 'required: id=key pairs, e.g. k2025=<openssl rand -base64 32>' }).transform((text, ctx) => {
    try {
      return new SecretKeyring(parseSecretKeys(text));
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
      return z.NEVER;
    }
  });
}
