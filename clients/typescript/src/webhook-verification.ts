import { ownBytes } from './bytes.ts';
import { WebhookVerificationError } from './errors.ts';
import type { webhooks } from './openapi.gen.ts';

/** A delivery's body, by event, as the contract's `webhooks` section describes it. */
export type WebhookEvent = {
  [Event in keyof webhooks]: webhooks[Event]['post']['requestBody']['content']['application/json'];
}[keyof webhooks];

export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface VerifyOptions {
  /** Reject a timestamp further than this from now, either way (default 300 s, as docs/rules.md "Delivery" recommends). */
  toleranceSeconds?: number;
  /** Epoch milliseconds; for tests. */
  now?: number;
}

const STANDARD_SECRET_PREFIX = 'whsec_';

/**
 * Checks a delivery as received, before acting on it, and returns its event. Every signature the
 * delivery carries must hold, and it must carry at least one: boardsync's own `X-SVC-Signature`
 * (`sha256=` hex HMAC of `{timestamp}.{body}`, keyed with the secret string as shown) and the
 * Standard Webhooks `webhook-signature` (`v1,` base64 HMAC of `{id}.{timestamp}.{body}`, keyed with
 * the secret's decoded bytes). Each timestamp must be within the tolerance, and the body's `id` must
 * be the delivery id the headers name. Pass the raw body bytes exactly as received: parsing and
 * re-serialising JSON changes them.
 */
export async function verifyWebhook(secret: string, headers: WebhookHeaders, rawBody: string | Uint8Array, options: VerifyOptions = {}): Promise<WebhookEvent> {
  const header = headerReader(headers);
  const body = typeof rawBody === 'string' ? new TextEncoder().encode(rawBody) : rawBody;
  const now = options.now ?? Date.now();
  const tolerance = options.toleranceSeconds ?? 300;
  const ids: string[] = [];
  let schemes = 0;

  const svcSignature = header('x-svc-signature');
  if (svcSignature !== undefined) {
    schemes += 1;
    const timestamp = freshTimestamp(header('x-svc-timestamp'), now, tolerance, 'X-SVC-Timestamp');
    const hex = /^sha256=([0-9a-f]{64})$/i.exec(svcSignature)?.[1];
    if (hex === undefined) throw new WebhookVerificationError('X-SVC-Signature is not `sha256=` followed by 64 hex digits.');
    const key = new TextEncoder().encode(secret);
    if (!(await hmacMatches(key, hexBytes(hex), concat(`${timestamp}.`, body)))) throw new WebhookVerificationError('X-SVC-Signature does not match.');
    const delivery = header('x-svc-delivery');
    if (delivery !== undefined) ids.push(delivery);
  }

  const standardSignatures = header('webhook-signature');
  if (standardSignatures !== undefined) {
    schemes += 1;
    const id = header('webhook-id');
    if (id === undefined) throw new WebhookVerificationError('webhook-signature comes without webhook-id.');
    const timestamp = freshTimestamp(header('webhook-timestamp'), now, tolerance, 'webhook-timestamp');
    const key = standardKey(secret);
    const signed = concat(`${id}.${timestamp}.`, body);
    const candidates = standardSignatures
      .split(' ')
      .filter((entry) => entry.startsWith('v1,'))
      .map((entry) => entry.slice(3));
    let matched = false;
    for (const candidate of candidates) matched ||= await hmacMatches(key, base64Bytes(candidate), signed);
    if (!matched) throw new WebhookVerificationError('No v1 signature in webhook-signature matches.');
    ids.push(id);
  }

  if (schemes === 0) throw new WebhookVerificationError('The request carries neither X-SVC-Signature nor webhook-signature.');
  const event = parseEvent(body);
  if (ids.some((id) => id !== event.id)) throw new WebhookVerificationError('The body’s id is not the delivery id its headers name.');
  const named = header('x-svc-event');
  if (named !== undefined && named !== event.event) throw new WebhookVerificationError('The body’s event is not the one X-SVC-Event names.');
  return event;
}

function headerReader(headers: WebhookHeaders): (name: string) => string | undefined {
  if (headers instanceof Headers) return (name) => headers.get(name) ?? undefined;
  const lowered = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return (name) => {
    const value = lowered.get(name);
    return typeof value === 'string' ? value : value?.join(', ');
  };
}

function freshTimestamp(value: string | undefined, now: number, toleranceSeconds: number, name: string): string {
  if (value === undefined || !/^\d{1,12}$/.test(value)) throw new WebhookVerificationError(`${name} is missing or not Unix seconds.`);
  if (Math.abs(now / 1000 - Number(value)) > toleranceSeconds)
    throw new WebhookVerificationError(`${name} is more than ${String(toleranceSeconds)} s from now.`);
  return value;
}

function standardKey(secret: string): Uint8Array {
  const encoded = secret.startsWith(STANDARD_SECRET_PREFIX) ? secret.slice(STANDARD_SECRET_PREFIX.length) : secret;
  return base64Bytes(encoded);
}

/** Web Crypto's verify compares in constant time. */
async function hmacMatches(keyBytes: Uint8Array, signature: Uint8Array, data: Uint8Array): Promise<boolean> {
  const key = await crypto.subtle.importKey('raw', ownBytes(keyBytes), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  return crypto.subtle.verify('HMAC', key, ownBytes(signature), ownBytes(data));
}

function parseEvent(body: Uint8Array): WebhookEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new WebhookVerificationError('The body is not JSON.');
  }
  const event = parsed as Partial<WebhookEvent> | null;
  if (typeof event?.id !== 'string' || typeof event.event !== 'string' || typeof event.data !== 'object') {
    throw new WebhookVerificationError('The body is not an event envelope ({id, event, created_at, data}).');
  }
  return event as WebhookEvent;
}

function concat(prefix: string, body: Uint8Array): Uint8Array {
  const head = new TextEncoder().encode(prefix);
  const whole = new Uint8Array(head.length + body.length);
  whole.set(head);
  whole.set(body, head.length);
  return whole;
}

function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

function base64Bytes(text: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw new WebhookVerificationError('A base64 value (secret or signature) is malformed.');
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    throw new WebhookVerificationError('A base64 value (secret or signature) is malformed.');
  }
}
