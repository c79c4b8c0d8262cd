/**
 * Which redirect URIs an app may register (RFC 8252 and RFC 9700): https anywhere, plain http only
 * on the loopback interface (desktop and CLI tools listen there), or a private-use scheme with a
 * dot (`com.example.app:/callback`) for native apps. Never a fragment. Matching is exact.
 */
export function redirectUriProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not an absolute URI';
  }
  if (url.hash || value.includes('#')) return 'must not contain a fragment';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:') {
    return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) ? undefined : 'must use https (plain http only on localhost, 127.0.0.1 or [::1])';
  }
  const scheme = url.protocol.slice(0, -1);
  if (/^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+$/.test(scheme) && !['javascript', 'data', 'file', 'vbscript'].includes(scheme)) return undefined;
  return 'must use https, loopback http, or a reverse-domain private-use scheme';
}
