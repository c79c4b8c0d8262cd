import { INTERNAL_PRINCIPAL_HEADER } from '@boardsync/kit/core';

// RFC 9110 §7.6.1 hop-by-hop fields, plus `expect` (the gateway's own server already answered 100-continue).
export const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'expect',
]);
const NEVER_FORWARDED = new Set(['authorization', INTERNAL_PRINCIPAL_HEADER.toLowerCase(), 'cookie']);
// Set by the gateway from what it verified itself; a caller's values are dropped, never appended to.
// The W3C trace headers too: the public listener takes a caller's off before anything reads them
// (kit telemetry/public-edge.ts), and with tracing on the undici instrumentation adds the gateway's.
const GATEWAY_SET = new Set(['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded', 'x-real-ip', 'traceparent', 'tracestate', 'baggage']);

/** `passCredentials`: the caller's cookies and Authorization are meant for the upstream itself (auth's pages, OAuth client authentication). */
export function forwardableHeaders(incoming: Record<string, string | string[] | undefined>, passCredentials: boolean): Record<string, string> {
  const connectionListed = new Set(
    String(incoming.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || HOP_BY_HOP.has(name) || connectionListed.has(name) || GATEWAY_SET.has(name)) continue;
    if (NEVER_FORWARDED.has(name) && !(passCredentials && (name === 'cookie' || name === 'authorization'))) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}
