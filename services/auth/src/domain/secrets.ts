import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** Bearer token kinds; the prefix tells a leaked token's kind at a glance (and to secret scanners). */
export const TOKEN_PREFIX = { personal: 'bsp_', access: 'bsa_', refresh: 'bsr_', code: 'bsc_', clientSecret: 'bss_', session: 'bsw_' } as const;

export function newToken(kind: keyof typeof TOKEN_PREFIX): string {
  return TOKEN_PREFIX[kind] + randomBytes(32).toString('base64url');
}

/** A client id is public (it appears in source tags as `api:{client_id}`): short, URL-safe, unguessable enough. */
export function newClientId(): string {
  return randomBytes(12).toString('base64url');
}

const SCRYPT = { N: 16_384, r: 8, p: 1, keylen: 32 };

/** scrypt, because it is in node:crypto (no native build) and memory-hard; parameters are stored with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return timingSafeEqual(actual, expected);
}
