import { StringDecoder } from 'node:string_decoder';
import { OutboundFailed, OutboundRefused, type SafeHttpClient } from '@boardsync/kit/outbound';
import type { AttemptResult } from '../domain/retry-schedule.ts';
import { UNREADABLE_SECRET } from '../domain/secret-keyring.ts';
import { signedHeaders, type SigningKeys } from '../domain/signature.ts';

/** What the delivery log keeps of a receiver's answer. */
export const EXCERPT_BYTES = 1024;
/** How much of an answer is read: an answer is complete once its body ends within it. */
const READ_BYTES = 64 * 1024;

export interface Outgoing {
  url: string;
  secret: string | SigningKeys | typeof UNREADABLE_SECRET;
  deliveryId: string;
  event: string;
  /** The stored envelope: the exact bytes signed and sent, the same on every attempt. */
  body: string;
}

export interface SentAttempt extends AttemptResult {
  attemptedAt: Date;
  durationMs: number;
  /** The receiver's `Retry-After`, for a 429 or 503. */
  retryAfter?: string;
  /** At most EXCERPT_BYTES of the answer's body, as text. */
  excerpt: string | null;
  /** What the log names the failure, when more precise than `error`. */
  errorClass?: string;
}

/**
 * One signed POST of a delivery (docs/rules.md "Delivery"), signed afresh (timestamp of this attempt, same delivery
 * id). Redirects are not followed; the outbound client re-checks the URL's addresses at every
 * attempt (DNS changes), and within `timeoutMs` the receiver must have answered in full.
 */
export async function sendDelivery(outbound: SafeHttpClient, outgoing: Outgoing, timeoutMs: number): Promise<SentAttempt> {
  const attemptedAt = new Date();
  const started = performance.now();
  const done = (result: Omit<SentAttempt, 'attemptedAt' | 'durationMs'>): SentAttempt => ({
    ...result,
    attemptedAt,
    durationMs: Math.round(performance.now() - started),
  });
  if (outgoing.secret === UNREADABLE_SECRET) {
    // Nothing is sent; retried on the schedule (the key may be listed again) and counted, so a
    // webhook whose secret never opens again fails its deliveries and is deactivated.
    return done({ error: 'connection', errorClass: 'secret_unreadable', excerpt: null });
  }
  let headers;
  try {
    headers = signedHeaders({
      secret: outgoing.secret,
      deliveryId: outgoing.deliveryId,
      event: outgoing.event,
      timestamp: Math.floor(attemptedAt.getTime() / 1000),
      rawBody: outgoing.body,
    });
  } catch {
    // A secret that is no longer `whsec_` base64 (hand-edited row): nothing can be signed, ever.
    return done({ error: 'refused_address', errorClass: 'unsignable', excerpt: null });
  }
  let answer;
  try {
    // An answer longer than READ_BYTES is judged by its status alone (the receiver did answer; nobody reads the rest).
    answer = await outbound.exchange(outgoing.url, { method: 'POST', body: outgoing.body, headers: { ...headers }, timeoutMs, readBytes: READ_BYTES });
  } catch (error) {
    // A name that does not resolve may be a passing DNS lapse: retried like a connection error. A private address is a refusal.
    if (error instanceof OutboundRefused) return done({ error: error.reason === 'unresolvable' ? 'connection' : 'refused_address', excerpt: null });
    // Headers that came in time followed by a body that did not is still no answer in time.
    const failed = error instanceof OutboundFailed ? error : undefined;
    return done({ error: failed?.reason === 'timeout' ? 'timeout' : 'connection', excerpt: excerptOf(failed?.answered?.body) });
  }
  const retryAfter = answer.headers['retry-after'];
  return done({ status: answer.status, excerpt: excerptOf(answer.body), ...(retryAfter === undefined ? {} : { retryAfter }) });
}

/** The first EXCERPT_BYTES of a body as text a text column can hold (no NUL); null when there is none. */
function excerptOf(body: Buffer | undefined): string | null {
  if (body === undefined || body.length === 0) return null;
  // A character cut at the limit is left out rather than turned into a replacement character.
  return new StringDecoder('utf8').write(body.subarray(0, EXCERPT_BYTES)).replaceAll('\u0000', '');
}
