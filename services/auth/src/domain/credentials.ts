/**
 * The consent a bearer token stands on, as introspection names it and the internal principal
 * carries it: a personal token (`pat:{id}`) or an OAuth grant (`grant:{id}`). What a token
 * registers (a webhook) keeps this name, and data flows to it only while the consent stands.
 * Two older forms name a consent by app only (webhooks registered before credentials were
 * recorded): `app:{client_id}`, any live grant of that app, and `pat:*`, any live personal token.
 */
export type Credential =
  { kind: 'personal-token'; id: number } | { kind: 'grant'; id: number } | { kind: 'app'; clientId: string } | { kind: 'any-personal-token' };

const MAX_ID = 2_147_483_647;
const CLIENT_ID = /^[A-Za-z0-9._~-]{1,255}$/;

export function personalTokenCredential(id: number): string {
  return `pat:${String(id)}`;
}

export function grantCredential(id: number): string {
  return `grant:${String(id)}`;
}

export function appCredential(clientId: string): string {
  return `app:${clientId}`;
}

/** The credential a name stands for, or undefined for anything no consent is named by. */
export function parseCredential(name: string): Credential | undefined {
  if (name === 'pat:*') return { kind: 'any-personal-token' };
  const [kind, rest = ''] = splitOnce(name);
  if (kind === 'app') return CLIENT_ID.test(rest) ? { kind: 'app', clientId: rest } : undefined;
  if (!/^[1-9][0-9]{0,9}$/.test(rest) || Number(rest) > MAX_ID) return undefined;
  if (kind === 'pat') return { kind: 'personal-token', id: Number(rest) };
  if (kind === 'grant') return { kind: 'grant', id: Number(rest) };
  return undefined;
}

function splitOnce(name: string): [string, string | undefined] {
  const at = name.indexOf(':');
  return at < 0 ? [name, undefined] : [name.slice(0, at), name.slice(at + 1)];
}
