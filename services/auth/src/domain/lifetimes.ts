/** Access tokens and refresh tokens: docs/rules.md "Authentication and scopes" and "Limits". */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 60 * 60;
export const REFRESH_TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

/** RFC 6749 §4.1.2 recommends at most ten minutes; a tool exchanges a code within seconds. */
export const CODE_LIFETIME_SECONDS = 60;

/** A signed-in browser. */
export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60;
