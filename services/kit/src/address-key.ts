import ipaddr from 'ipaddr.js';

/**
 * The key a client address is counted under. IPv4 (and IPv4-mapped IPv6) per address; other IPv6
 * per /64, the block one subscriber usually holds whole, or a guesser would get a fresh budget for
 * each of its 2^64 addresses.
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`);
  return `${prefix.toString()}/64`;
}
