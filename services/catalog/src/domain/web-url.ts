/** A URL the service will store as a link or artwork: absolute, http or https. */
export function isWebUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
