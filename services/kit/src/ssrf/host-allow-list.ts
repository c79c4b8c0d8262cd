/**
 * `OUTBOUND_ALLOW_HOSTS`: when not empty, the only hosts outbound HTTP may reach, each a name
 * exactly or `*.example.com` for its subdomains (not the name itself). Compared lower-cased, with
 * the URL's host as WHATWG parsing and the trailing-dot trim left it.
 */
export function hostAllowed(allowHosts: readonly string[], host: string): boolean {
  if (allowHosts.length === 0) return true;
  return allowHosts.some((allowed) => (allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed));
}
