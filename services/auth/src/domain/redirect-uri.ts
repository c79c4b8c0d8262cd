import type { FieldErrors } from '@boardsync/kit/core';

/**
 * Which redirect URIs an app may register (RFC 8252 and RFC 9700): https anywhere, plain http only
 * on the loopback interface (desktop and CLI tools listen there), or a private-use scheme with a
 * dot (`com.example.app:/callback`) for native apps. Never a fragment. Matching is exact.
 * Returns why a URI is refused, or undefined when it is fine.
 */
export function redirectUriRefusal(value: string): string | undefined {
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

/** An app's redirect URIs trimmed, blanks dropped, each kept once; and the field errors of the list (none when it is fine). */
export function checkRedirectUris(requested: readonly string[]): { uris: string[]; errors: FieldErrors } {
  const uris = [...new Set(requested.map((uri) => uri.trim()).filter(Boolean))];
  const errors: FieldErrors = {};
  if (uris.length === 0) errors.redirect_uris = ['needs at least one redirect URI'];
  uris.forEach((uri, index) => {
    const refusal = redirectUriRefusal(uri);
    if (refusal) errors[`redirect_uris.${String(index)}`] = [`${uri} ${refusal}`];
  });
  return { uris, errors };
}
