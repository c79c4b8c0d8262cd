/**
 * Something of the public contract that still works but is on its way out, declared once on its
 * operation (`Operation.deprecations`): the document marks it, and every answer to a request that
 * uses it says so in `Deprecation` (RFC 9745), `Sunset` (RFC 8594, when a date is set) and
 * `Link: <…>; rel="deprecation"` headers (`kit/src/http/deprecation-notices.ts`).
 */
export interface Deprecation {
  /** The whole operation, or one request field of it (by name, as the document shows it). */
  what: { operation: true } | { field: string };
  /** The day it became deprecated (`YYYY-MM-DD`, UTC). */
  since: string;
  /** The day after which it may stop working (`YYYY-MM-DD`, UTC); absent while none is set. */
  sunset?: string;
  /** Where its replacement and the policy are described. */
  link: string;
  /** What to use instead, for the document. */
  instead: string;
  /** For a field: whether a request uses it, given its parsed JSON body (a whole operation is used by every request). */
  usedBy?: (body: unknown) => boolean;
}

const dayStart = (day: string): Date => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) throw new Error(`not a YYYY-MM-DD day: ${day}`);
  return new Date(`${day}T00:00:00Z`);
};

/** Whether a request with this body uses the deprecated thing. */
export function usedBy(deprecation: Deprecation, body: unknown): boolean {
  return 'operation' in deprecation.what || deprecation.usedBy?.(body) === true;
}

/** The answer's headers for the deprecated things a request used: the earliest `since` and `sunset` of them, every link. */
export function deprecationHeaders(used: readonly Deprecation[]): Record<string, string> {
  if (used.length === 0) return {};
  const since = Math.min(...used.map(({ since: day }) => dayStart(day).getTime()));
  const sunsets = used.flatMap(({ sunset }) => (sunset === undefined ? [] : [dayStart(sunset).getTime()]));
  return {
    // RFC 9745: an sf-date, seconds since the epoch.
    Deprecation: `@${String(since / 1000)}`,
    ...(sunsets.length > 0 ? { Sunset: new Date(Math.min(...sunsets)).toUTCString() } : {}),
    Link: [...new Set(used.map(({ link }) => link))].map((link) => `<${link}>; rel="deprecation"; type="text/html"`).join(', '),
  };
}

/** The sentence the document adds to a deprecated operation's description. */
export function deprecationNote(deprecation: Deprecation): string {
  const subject = 'operation' in deprecation.what ? 'This operation' : `The field \`${deprecation.what.field}\``;
  const sunset = deprecation.sunset === undefined ? 'no removal is scheduled' : `it may stop working after ${deprecation.sunset}`;
  return `**Deprecated** since ${deprecation.since}: ${subject} — use ${deprecation.instead} instead; ${sunset}. A request that uses it is answered with \`Deprecation\`${deprecation.sunset === undefined ? '' : ', `Sunset`'} and \`Link: <…>; rel="deprecation"\` headers.`;
}
