import ipaddr from 'ipaddr.js';

/** True when `value` is an origin as a browser sends it: http(s), host, optional port, nothing else (no path, no `*`). */
export function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

/** True when `entry` is an IP address or a CIDR range, IPv4 or IPv6 (a `TRUSTED_PROXIES` entry). */
export function isAddressOrRange(entry: string): boolean {
  const [address = '', bits] = entry.split('/');
  return isPlainAddress(address) && (bits === undefined || ipaddr.isValidCIDR(entry));
}

// Dotted-quad IPv4 or IPv6 only: ipaddr.js would also read "10.0.0" or "0x7f.1" as addresses.
export function isPlainAddress(text: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);
}
