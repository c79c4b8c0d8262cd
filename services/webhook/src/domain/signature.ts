import { createHmac } from 'node:crypto';
import { secretKeyBytes } from './secret.ts';

/**
 * Spec §6: `sha256=` + hex HMAC-SHA256 of `{timestamp}.{raw body}`, keyed with the secret string
 * exactly as the creation response showed it, `whsec_` included (DESIGN.md): an integrator
 * following the spec alone uses the string they were given.
 */
export function svcSignature(secret: string, timestamp: number, rawBody: string | Uint8Array): string {
  const hmac = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody);
  return `sha256=${hmac.digest('hex')}`;
}

/** Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{raw body}`, keyed with the secret's decoded bytes. */
export function standardSignature(secret: string, deliveryId: string, timestamp: number, rawBody: string | Uint8Array): string {
  // The Standard's signed content is dot-delimited; an id with a dot could shift the boundary.
  if (deliveryId.includes('.')) throw new Error('a delivery id may not contain "."');
  const hmac = createHmac('sha256', secretKeyBytes(secret)).update(`${deliveryId}.${timestamp}.`).update(rawBody);
  return `v1,${hmac.digest('base64')}`;
}

export const DEFAULT_USER_AGENT = 'boardsync-Webhook/1';

export interface SignedHeaders {
  'Content-Type': 'application/json';
  'User-Agent': string;
  'X-SVC-Event': string;
  'X-SVC-Delivery': string;
  'X-SVC-Timestamp': string;
  'X-SVC-Signature': string;
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export interface SignatureInput {
  secret: string;
  /** The same on every attempt of a delivery: receivers dedupe on it. */
  deliveryId: string;
  event: string;
  /** Unix seconds of this attempt (a retry is signed afresh, so its timestamp is new). */
  timestamp: number;
  /** The exact bytes that will be sent. */
  rawBody: string | Uint8Array;
  /** A product token ending in `-Webhook/1` (spec §6). */
  userAgent?: string;
}

/** Every header of one delivery attempt: the spec's `X-SVC-*` and, beside them, the Standard Webhooks triple. */
export function signedHeaders({ secret, deliveryId, event, timestamp, rawBody, userAgent = DEFAULT_USER_AGENT }: SignatureInput): SignedHeaders {
  if (!userAgent.endsWith('-Webhook/1')) throw new Error(`the webhook User-Agent must end in "-Webhook/1", got "${userAgent}"`);
  const seconds = String(timestamp);
  return {
    'Content-Type': 'application/json',
    'User-Agent': userAgent,
    'X-SVC-Event': event,
    'X-SVC-Delivery': deliveryId,
    'X-SVC-Timestamp': seconds,
    'X-SVC-Signature': svcSignature(secret, timestamp, rawBody),
    'webhook-id': deliveryId,
    'webhook-timestamp': seconds,
    'webhook-signature': standardSignature(secret, deliveryId, timestamp, rawBody),
  };
}
