import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A sample for integrators: how a receiver checks that a delivery came from boardsync. It needs
 * nothing but Node, so copy this one file into your project and call `verifyWebhook` with the
 * body exactly as it arrived, before any JSON parsing:
 *
 *   const envelope = verifyWebhook({ secret: process.env.BOARDSYNC_WEBHOOK_SECRET, rawBody, headers: req.headers });
 *   // A WebhookVerificationError: answer 400 and do nothing. Otherwise answer 2xx soon, then act
 *   // on `envelope`, deduplicating on `envelope.id` (a delivery may arrive more than once).
 *
 * The Standard Webhooks libraries (standardwebhooks on npm) verify the `webhook-*` headers too.
 */

export type WebhookVerificationReason =
  | 'missing_timestamp'
  | 'invalid_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_too_new'
  | 'missing_signature'
  | 'signature_mismatch'
  | 'duplicate_header'
  | 'missing_delivery_id'
  | 'delivery_id_mismatch'
  | 'invalid_body';

/** The delivery is not ours, not this webhook's, or too old to trust: answer 400 or 401 and do nothing with it. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  readonly reason: WebhookVerificationReason;

  constructor(reason: WebhookVerificationReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** The body of a delivery (docs/rules.md "Delivery"). `id` is the delivery id: the same on every retry, so dedupe on it. */
export interface WebhookEnvelope {
  id: string;
  event: string;
  created_at: string;
  data: Record<string, unknown>;
}

export interface VerifyWebhookInput {
  /** The webhook's secret, exactly as the creation response showed it (`whsec_…`). */
  secret: string;
  /** The body exactly as received, before any JSON parsing (a re-serialized body will not match). */
  rawBody: string | Uint8Array;
  /** Request headers, in any letter case (Node's `req.headers` as it is). */
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** How far the signed timestamp may be from `now`, either way. */
  toleranceSeconds?: number;
  /** Milliseconds since the epoch. */
  now?: number;
}

/**
 * Checks a delivery's signature and timestamp and returns its envelope, or throws
 * `WebhookVerificationError`. `X-SVC-Signature` is checked when present (it is what docs/rules.md
 * "Delivery" documents); otherwise the Standard Webhooks headers, which its libraries also verify.
 */
export function verifyWebhook({ secret, rawBody, headers, toleranceSeconds = 300, now = Date.now() }: VerifyWebhookInput): WebhookEnvelope {
  const header = headerReader(headers);
  const svc = header('x-svc-signature');
  const scheme = svc === undefined ? standardHeaders(header) : { signatures: [svc], timestamp: header('x-svc-timestamp'), id: header('x-svc-delivery') };
  if (scheme.signatures.length === 0) throw new WebhookVerificationError('missing_signature', 'the delivery carries no signature');

  const timestamp = checkedTimestamp(scheme.timestamp, toleranceSeconds, now);
  const expected = svc === undefined ? standardSignature(secret, requiredId(scheme.id), timestamp, rawBody) : svcSignature(secret, timestamp, rawBody);
  if (!scheme.signatures.some((signature) => sameText(signature, expected))) {
    throw new WebhookVerificationError('signature_mismatch', 'the signature does not match this body, timestamp and secret');
  }

  const envelope = parseEnvelope(rawBody);
  // X-SVC-Delivery is not covered by the X-SVC signature; the envelope's id is, so the header must agree with it.
  if (scheme.id !== undefined && scheme.id !== envelope.id) {
    throw new WebhookVerificationError('delivery_id_mismatch', 'the delivery id header differs from the signed envelope id');
  }
  return envelope;
}

/** `X-SVC-Signature` (docs/rules.md "Delivery"): hex HMAC-SHA256 of `{timestamp}.{raw body}`, keyed with the secret string as given, `whsec_` included. */
function svcSignature(secret: string, timestamp: number, rawBody: string | Uint8Array): string {
  return `sha256=${createHmac('sha256', secret)
    .update(`${String(timestamp)}.`)
    .update(rawBody)
    .digest('hex')}`;
}

/** Standard Webhooks `v1`: base64 HMAC-SHA256 of `{id}.{timestamp}.{raw body}`, keyed with the bytes the base64 after `whsec_` stands for. */
function standardSignature(secret: string, id: string, timestamp: number, rawBody: string | Uint8Array): string {
  const signed = createHmac('sha256', secretKey(secret))
    .update(`${id}.${String(timestamp)}.`)
    .update(rawBody);
  return `v1,${signed.digest('base64')}`;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  // Buffer's decoder skips what is not base64: a mangled secret fails loudly here, not as a signature nobody can match.
  if (encoded === '' || !BASE64.test(encoded)) throw new Error('a webhook secret is "whsec_" followed by base64 text');
  return Buffer.from(encoded, 'base64');
}

type HeaderReader = (name: string) => string | undefined;

function headerReader(headers: VerifyWebhookInput['headers']): HeaderReader {
  const byName = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return (name) => {
    const value = byName.get(name);
    if (typeof value === 'string' || value === undefined) return value;
    if (value.length > 1) throw new WebhookVerificationError('duplicate_header', `the ${name} header appears more than once`);
    return value[0];
  };
}

/** `webhook-signature` is a space-delimited list (old and new keys during a rotation); only `v1` entries are ours. */
function standardHeaders(header: HeaderReader): { signatures: string[]; timestamp: string | undefined; id: string | undefined } {
  const signatures = (header('webhook-signature') ?? '').split(' ').filter((entry) => entry.startsWith('v1,'));
  return { signatures, timestamp: header('webhook-timestamp'), id: header('webhook-id') };
}

function requiredId(id: string | undefined): string {
  if (id === undefined || id === '' || id.includes('.')) {
    throw new WebhookVerificationError('missing_delivery_id', 'the webhook-id header is missing or malformed');
  }
  return id;
}

function checkedTimestamp(value: string | undefined, toleranceSeconds: number, now: number): number {
  if (value === undefined || value === '') throw new WebhookVerificationError('missing_timestamp', 'the delivery carries no timestamp');
  if (!/^\d{1,15}$/.test(value.trim())) throw new WebhookVerificationError('invalid_timestamp', 'the timestamp is not Unix seconds');
  const timestamp = Number(value.trim());
  const age = Math.floor(now / 1000) - timestamp;
  if (age > toleranceSeconds) throw new WebhookVerificationError('timestamp_too_old', `the delivery was signed ${age} s ago`);
  if (-age > toleranceSeconds) throw new WebhookVerificationError('timestamp_too_new', `the delivery is signed ${-age} s in the future`);
  return timestamp;
}

/** Constant time for equal lengths; a length difference says nothing, as every signature of a scheme has one length. */
function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

function parseEnvelope(rawBody: string | Uint8Array): WebhookEnvelope {
  let body: unknown;
  try {
    body = JSON.parse(typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8'));
  } catch {
    throw new WebhookVerificationError('invalid_body', 'the body is not JSON');
  }
  if (!isEnvelope(body)) throw new WebhookVerificationError('invalid_body', 'the body is not a webhook envelope');
  return body;
}

function isEnvelope(body: unknown): body is WebhookEnvelope {
  if (typeof body !== 'object' || body === null) return false;
  const { id, event, created_at: createdAt, data } = body as Record<string, unknown>;
  return (
    typeof id === 'string' && typeof event === 'string' && typeof createdAt === 'string' && typeof data === 'object' && data !== null && !Array.isArray(data)
  );
}
