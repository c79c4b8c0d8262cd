import { createHmac } from 'node:crypto';
import type { Received } from './receiver.ts';

/** The tests' own reading of docs/rules.md "Delivery": `sha256=` + hex HMAC-SHA256 of `{timestamp}.{raw body}`, keyed with the secret string. */
export const svcSignature = (secret: string, timestamp: string, rawBody: string): string =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;

/** A header the request carried exactly once; anything else fails the test. */
export const header = (request: Received, name: string): string => {
  const value = request.headers[name];
  if (typeof value !== 'string') throw new Error(`no single ${name} header`);
  return value;
};
