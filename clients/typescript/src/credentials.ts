/**
 * Where the client's bearer token comes from. A personal token is a plain string; an OAuth session
 * also knows how to get a new access token when the API answers 401 (see `oauthSession`).
 */
export interface TokenSource {
  /** The access token to send now. */
  current(): string | Promise<string>;
  /**
   * A new access token, after `stale` was refused with 401. Called once per refused request; the
   * source must make concurrent calls share one refresh (a refresh token works once).
   */
  refresh?(stale: string): Promise<string>;
}

export type Credentials = string | TokenSource;

export function tokenSourceOf(credentials: Credentials): TokenSource {
  return typeof credentials === 'string' ? { current: () => credentials } : credentials;
}
