import { AddressPolicy, isIpLiteral } from './address-policy.ts';
import { hostAllowed } from './host-allow-list.ts';
import { OutboundRefused } from './outbound-errors.ts';

/**
 * What can be judged of a URL before anything is resolved: it parses, is http(s), carries no
 * credentials, names an allowed host, and is no private name or address literal.
 */
export function checkUrlForm(policy: AddressPolicy, allowHosts: readonly string[], url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OutboundRefused('invalid_url', 'The URL is not valid.');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new OutboundRefused('scheme', 'Only http and https URLs can be fetched.');
  }
  if (parsed.username || parsed.password) {
    throw new OutboundRefused('credentials', 'URLs with embedded credentials are not accepted.');
  }
  // WHATWG parsing has already turned decimal, octal and hex IPv4 spellings into dotted form.
  // A trailing dot is the same name, fully qualified (`localhost.`).
  const host = parsed.hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.+$/, '');
  if (!hostAllowed(allowHosts, host)) {
    throw new OutboundRefused('host_not_allowed', `The host ${host} is not one this service may reach.`);
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) {
    throw new OutboundRefused('blocked_address', `The host ${host} is not public.`);
  }
  if (isIpLiteral(host)) {
    const refusal = policy.refusalFor(host);
    if (refusal) throw new OutboundRefused('blocked_address', `The address ${host} is not public (${refusal}).`);
  }
  return parsed;
}
