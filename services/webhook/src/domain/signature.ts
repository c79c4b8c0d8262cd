import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { secretKeyBytes } from './secret.ts';

/**
 * A webhook's secret made ready to sign with, once: keyed with a Buffer, node's HMAC costs ~36 µs;
 * with a KeyObject ~5 µs (node 24, measured), and every delivery attempt signs twice.
 */
export interface SigningKeys {
  /** The secret string as the creation response showed it: the key of `X-SVC-Signature`. */
  svc: KeyObject;
  /** Its decoded bytes: the Standard's key. */
  standard: KeyObject;
}

/** Throws when the secret is not `whsec_` base64 (nothing can be signed with it under the Standard). */
export function signingKeys(secret: string): SigningKeys {
  return { svc: createSecretKey(Buffer.from(secret, 'utf8')), standard: createSecretKey(secretKeyBytes(secret)) };
}

/**
 * docs/rules.md "Delivery": `sha256=` + hex HMAC-SHA256 of `{timestamp}.{raw body}`, keyed with the secret string
 * exactly as the creation response showed it, `whsec_` included (docs/decisions.md, "Webhooks"): an integrator
 * following docs/rules.md alone uses the string they were given.
 */
export function svcSignature(secret: string | KeyObject, timestamp: number, rawBody: string | Uint8Array): string {
  const hmac = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody);
  return `sha256=${hmac.digest('hex')}`;
}

/** Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{raw body}`, keyed with the secret's decoded bytes (`SigningKeys.standard`). */
export function standardSignature(secret: string | KeyObject, deliveryId: string, timestamp: number, rawBody: string | Uint8Array): string {
  // The Standard's signed content is dot-delimited; an id with a dot could shift the boundary.
  if (deliveryId.includes('.')) throw new Error('a delivery id may not contain "."');
  const hmac = createHmac('sha256', typeof secret === 'string' ? secretKeyBytes(secret) : secret)
    .update(`${deliveryId}.${timestamp}.`)
    .update(rawBody);
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
  secret: string | SigningKeys;
  /** The same on every attempt of a delivery: receivers dedupe on it. */
  deliveryId: string;
  event: string;
  /** Unix seconds of this attempt (a retry is signed afresh, so its timestamp is new). */
  timestamp: number;
  /** The exact bytes that will be sent. */
  rawBody: string | Uint8Array;
  /** A product token ending in `-Webhook/1` (docs/rules.md "Delivery"). */
  userAgent?: string;
}

/** Every header of one delivery attempt: the `X-SVC-*` of docs/rules.md "Delivery" and, beside them, the Standard Webhooks triple. */
export function signedHeaders({ secret, deliveryId, event, timestamp, rawBody, userAgent = DEFAULT_USER_AGENT }: SignatureInput): SignedHeaders {
  if (!userAgent.endsWith('-Webhook/1')) throw new Error(`the webhook User-Agent must end in "-Webhook/1", got "${userAgent}"`);
  const seconds = String(timestamp);
  const keys = typeof secret === 'string' ? { svc: secret, standard: secret } : secret;
  return {
    'Content-Type': 'application/json',
    'User-Agent': userAgent,
    'X-SVC-Event': event,
    'X-SVC-Delivery': deliveryId,
    'X-SVC-Timestamp': seconds,
    'X-SVC-Signature': svcSignature(keys.svc, timestamp, rawBody),
    'webhook-id': deliveryId,
    'webhook-timestamp': seconds,
    'webhook-signature': standardSignature(keys.standard, deliveryId, timestamp, rawBody),
  };
}
