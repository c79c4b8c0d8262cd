import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { Context } from 'koa';
import ipaddr from 'ipaddr.js';
import { isAddressOrRange, isPlainAddress } from '../domain/origins.ts';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Range = [Address, number];

export type Scheme = 'http' | 'https';

/** Who is calling, as far as the hops we trust can tell: the socket peer unless a trusted proxy says otherwise. */
export interface ClientOrigin {
  ip: string;
  proto: Scheme;
}

/** Parses `TRUSTED_PROXIES` entries: single addresses or CIDR ranges, IPv4 or IPv6. Throws on anything else. */
export function parseTrustedProxies(entries: readonly string[]): Range[] {
  return entries.map((entry) => {
    if (!isAddressOrRange(entry)) throw new Error(`not an IP address or CIDR range: ${JSON.stringify(entry)}`);
    if (entry.includes('/')) return normalisedRange(ipaddr.parseCIDR(entry));
    const address = ipaddr.process(entry);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  });
}

// ::ffff:10.0.0.0/104 names IPv4 hosts; peers are compared in their IPv4 form.
function normalisedRange([address, bits]: Range): Range {
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
    return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
  }
  return [address, bits];
}

function parseAddress(text: string): Address | null {
  const bare = text.trim().replace(/^\[(.*)\]$/, '$1');
  return isPlainAddress(bare) ? ipaddr.process(bare) : null;
}

function listed(headerValue: string): string[] {
  return headerValue
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * Sets `ctx.state.clientIp` and `ctx.state.clientProto`. X-Forwarded-For is walked from the right,
 * starting at the socket peer: while the hop is a trusted proxy, the address it names is taken
 * instead; the first untrusted (or unparsable) hop ends the walk. X-Forwarded-Proto counts only
 * when the socket peer is trusted. With no trusted proxies (the default) both headers are ignored.
 */
export function clientOrigin(trustedProxies: readonly string[] = []): (ctx: Context) => void {
  const resolve = clientOriginResolver(trustedProxies);
  return (ctx) => {
    const origin = resolve(ctx.req);
    const state = ctx.state as Record<string, unknown>;
    state.clientIp = origin.ip;
    state.clientProto = origin.proto;
  };
}

/** What `clientOrigin()` works out, for a request that is not going through Koa (the gateway's API path, http/fast-api.ts). */
export function clientOriginResolver(trustedProxies: readonly string[] = []): (req: IncomingMessage) => ClientOrigin {
  const trusted = parseTrustedProxies(trustedProxies);
  const isTrusted = (address: Address): boolean => trusted.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
  // A peer that is not trusted is the client whatever its requests' headers say: worked out once per connection.
  const untrustedPeers = new WeakMap<Socket, ClientOrigin>();
  return (req) => {
    const known = untrustedPeers.get(req.socket);
    if (known) return known;
    const ownScheme: Scheme = (req.socket as Partial<TLSSocket>).encrypted ? 'https' : 'http';
    const peerText = req.socket.remoteAddress ?? '';
    const peer = parseAddress(peerText);
    if (peer && isTrusted(peer)) return forwardedOrigin(req, peer, ownScheme, isTrusted);
    const origin: ClientOrigin = { ip: peer?.toString() ?? peerText, proto: ownScheme };
    untrustedPeers.set(req.socket, origin);
    return origin;
  };
}

function forwardedOrigin(req: IncomingMessage, peer: Address, ownScheme: Scheme, isTrusted: (address: Address) => boolean): ClientOrigin {
  const chain = listed(headerOf(req, 'x-forwarded-for'));
  let client = peer;
  let hops = 0;
  for (let index = chain.length - 1; index >= 0 && isTrusted(client); index--) {
    const named = parseAddress(chain[index] ?? '');
    if (!named) break;
    client = named;
    hops++;
  }
  // One scheme per hop, appended like X-Forwarded-For; a proxy that overwrites leaves exactly one.
  const schemes = listed(headerOf(req, 'x-forwarded-proto')).map((scheme) => scheme.toLowerCase());
  const claimed = schemes[Math.max(0, schemes.length - Math.max(hops, 1))];
  return { ip: client.toString(), proto: claimed === 'https' || claimed === 'http' ? claimed : ownScheme };
}

// As Koa's ctx.get reads a header: the value Node joined, or '' when absent.
function headerOf(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** What `clientOrigin()` found for this request. */
export function clientOriginOf(ctx: Context): ClientOrigin {
  const state = ctx.state as Record<string, unknown>;
  const { clientIp, clientProto } = state;
  if (typeof clientIp !== 'string' || (clientProto !== 'http' && clientProto !== 'https')) {
    throw new Error('clientOrigin() must run before the client origin is read');
  }
  return { ip: clientIp, proto: clientProto };
}
