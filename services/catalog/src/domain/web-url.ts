/** A URL the service will store as a link or artwork: absolute, http or https. */
export function isWebUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * The shape `isWebUrl` accepts, as a pattern the contract can state: http(s), an authority (host,
 * port; any script, as IDNs are), then anything without spaces. `isWebUrl` still has the last word.
 */
export const WEB_URL_PATTERN = /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i;
