export interface ClientCredentials {
  clientId: string;
  clientSecret: string | undefined;
}

/**
 * RFC 6749 §2.3.1: HTTP Basic (form-urlencoded parts) or `client_id`/`client_secret` in the form
 * body. A public client sends its `client_id` alone.
 */
export function clientCredentials(authorization: string, body: unknown): ClientCredentials | undefined {
  const [scheme, encoded] = authorization.split(' ');
  if (scheme?.toLowerCase() === 'basic' && encoded) {
    const decoded = Buffer.from(encoded, 'base64').toString();
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      try {
        return { clientId: decodeURIComponent(decoded.slice(0, colon)), clientSecret: decodeURIComponent(decoded.slice(colon + 1)) || undefined };
      } catch {
        return undefined;
      }
    }
    return undefined;
  }
  const form = (body ?? {}) as Record<string, unknown>;
  if (typeof form.client_id !== 'string' || form.client_id === '') return undefined;
  return { clientId: form.client_id, clientSecret: typeof form.client_secret === 'string' && form.client_secret !== '' ? form.client_secret : undefined };
}
