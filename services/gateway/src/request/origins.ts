/** True when `value` is an origin as a browser sends it: http(s), host, optional port, nothing else (no path, no `*`). */
export function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}
