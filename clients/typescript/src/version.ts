/** This package's version, as its package.json says (a test holds them equal): the `User-Agent` names it. */
export const CLIENT_VERSION = '1.0.0';

/** What every request says it comes from, unless the tool set a `User-Agent` of its own. */
export const USER_AGENT = `boardsync-client-typescript/${CLIENT_VERSION}`;
