import { Problem } from '../problem.ts';
import type { OutboundRefused } from './outbound-errors.ts';

/**
 * 422 for a URL the caller sent that outbound HTTP will not reach (not public, not http(s) …):
 * `errors.url` says why, and `reason` is the refusal's, so tools can tell a private address
 * from a malformed URL. `what` finishes "The URL cannot …" for the route that refused it.
 */
export function refusedUrlProblem(refusal: OutboundRefused, what: string): Problem {
  return new Problem({
    status: 422,
    code: 'validation_failed',
    detail: `The URL cannot ${what}: ${refusal.message}`,
    errors: { url: [refusal.message] },
    extensions: { reason: refusal.reason },
  });
}
