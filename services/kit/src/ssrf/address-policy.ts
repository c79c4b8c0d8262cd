import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * IPv6 ranges refused by our own name, whatever ipaddr.js calls them: IPv4-compatible addresses
 * (`::a.b.c.d`, RFC 4291 §2.5.5.1, deprecated; some stacks still route them to a.b.c.d, and
 * ipaddr.js calls `::7f00:1` unicast) and site-local (fec0::/10, RFC 3879, deprecated).
 */
const NAMED_IPV6_RANGES: readonly [ipaddr.IPv6, number, string][] = [
  [ipaddr.IPv6.parse('::'), 96, 'ipv4Compatible'],
  [ipaddr.IPv6.parse('fec0::'), 10, 'siteLocal'],
];

/**
 * Which network addresses an outbound fetch may reach: public unicast only. Private, loopback,
 * link-local, CGNAT, unique-local, site-local, multicast, unspecified, reserved and documentation
 * ranges are refused, as are IPv6 forms that carry an IPv4 address inside (mapped, IPv4-compatible, NAT64, 6to4, Teredo),
 * whatever the IPv4 inside. `allowCidrs` exempts ranges (local development and tests only).
 */
export class AddressPolicy {
  private readonly allowed: [Address, number][];

  constructor(allowCidrs: readonly string[] = []) {
    this.allowed = allowCidrs.map((cidr) => {
      try {
        return ipaddr.parseCIDR(cidr);
      } catch {
        throw new Error(`not a CIDR range: ${JSON.stringify(cidr)}`);
      }
    });
  }

  /** Null when the address may be reached, else why not (the range name). */
  refusalFor(address: string): string | null {
    let parsed: Address;
    try {
      parsed = ipaddr.parse(address.replace(/^\[|\]$/g, ''));
    } catch {
      return 'not an IP address';
    }
    // ::ffff:a.b.c.d is the IPv4 host itself for connect(); judge it as that host.
    if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
      parsed = (parsed as ipaddr.IPv6).toIPv4Address();
    }
    if (this.isExempt(parsed)) return null;
    const range = parsed.range();
    // :: and ::1 lie inside ::/96 too; they keep their own names.
    if (range === 'unspecified' || range === 'loopback') return range;
    const named = parsed.kind() === 'ipv6' ? NAMED_IPV6_RANGES.find(([network, bits]) => (parsed as ipaddr.IPv6).match(network, bits)) : undefined;
    if (named) return named[2];
    return range === 'unicast' ? null : range;
  }

  isAllowed(address: string): boolean {
    return this.refusalFor(address) === null;
  }

  private isExempt(address: Address): boolean {
    return this.allowed.some(([network, bits]) => address.kind() === network.kind() && address.match(network, bits));
  }
}

/** True when `host` (a URL hostname) is an IP literal rather than a name. */
export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[|\]$/g, ''));
}
