import { randomBytes } from 'node:crypto';

/** Standard Webhooks' mark for a symmetric secret, so a pasted secret tells which scheme it is for. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

const SECRET_BYTES = 32;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A new webhook secret: `whsec_` and the base64 of 32 random bytes (the Standard asks for 24 to 64). */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/**
 * The HMAC key of `webhook-signature`: the bytes the base64 after `whsec_` stands for. A secret
 * without the prefix is decoded whole, as the Standard's own libraries do. Buffer's decoder skips
 * characters it does not know, so the text is checked first: a mangled secret fails loudly here
 * rather than as a signature nobody can match.
 */
export function secretKeyBytes(secret: string): Buffer {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  if (encoded === '' || !BASE64.test(encoded)) {
    throw new Error(`a webhook secret is "${WEBHOOK_SECRET_PREFIX}" followed by base64 text`);
  }
  return Buffer.from(encoded, 'base64');
}
