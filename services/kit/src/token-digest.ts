import { createHash } from 'node:crypto';

/**
 * SHA-256 (hex) of a bearer token: how auth stores tokens and keys `auth.token.revoked`, and how
 * the gateway caches and evicts them. One function, because the two must agree to the bit.
 */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
