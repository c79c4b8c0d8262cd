import { StringDecoder } from 'node:string_decoder';
import { OutboundFailed, OutboundRefused, type SafeHttpClient } from '@boardsync/kit/outbound';
import type { AttemptResult } from '../domain/retry-schedule.ts';
import { signedHeaders, type SigningKeys } from '../domain/signature.ts';

/** What the delivery log keeps of a receiver's answer. */
export const EXCERPT_BYTES = 1024;
/**
 * How much of an answer is read. An answer is complete once its body ends; a longer one is cut
 * off here and judged by its status alone (the receiver did answer; nobody reads the rest).
 */
const READ_BYTES = 64 * 1024;

export interface Outgoing {
  url: string;
  secret: string | SigningKeys;
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
 * One signed POST of a delivery (spec §6), signed afresh (timestamp of this attempt, same delivery
 * id). Redirects are not followed; the outbound client re-checks the URL's addresses at every
 * attempt (DNS changes), and within `timeoutMs` the receiver must have answered in full.
 */
export async function sendDelivery(outbound: SafeHttpClient, outgoing: Outgoing, timeoutMs: number, signal?: AbortSignal): Promise<SentAttempt> {
  const attemptedAt = new Date();
  const started = performance.now();
  const done = (result: Omit<SentAttempt, 'attemptedAt' | 'durationMs'>): SentAttempt => ({
    ...result,
    attemptedAt,
    durationMs: Math.round(performance.now() - started),
  });
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
  let status: number | undefined;
  let retryAfter: string | undefined;
  const excerpt = new Excerpt();
  try {
    const response = await outbound.stream(outgoing.url, {
      method: 'POST',
      body: outgoing.body,
      headers: { ...headers },
      followRedirects: false,
      timeoutMs,
      maxBytes: READ_BYTES,
      ...(signal ? { signal } : {}),
    });
    status = response.status;
    retryAfter = response.headers['retry-after'];
    for await (const chunk of response.body as AsyncIterable<Buffer>) excerpt.add(chunk);
    return done({ status, excerpt: excerpt.text(), ...(retryAfter === undefined ? {} : { retryAfter }) });
  } catch (error) {
    // A name that does not resolve may be a passing DNS lapse: retried like a connection error. A private address is a refusal.
    if (error instanceof OutboundRefused) return done({ error: error.reason === 'unresolvable' ? 'connection' : 'refused_address', excerpt: null });
    if (error instanceof OutboundFailed && error.reason === 'too_large' && status !== undefined) {
      return done({ status, excerpt: excerpt.text(), ...(retryAfter === undefined ? {} : { retryAfter }) });
    }
    // Headers that came in time followed by a body that did not is still no answer in time.
    const reason = error instanceof OutboundFailed && error.reason === 'timeout' ? 'timeout' : 'connection';
    return done({ error: reason, excerpt: excerpt.text() });
  }
}

/** The first bytes of a body as text a text column can hold (no NUL). */
class Excerpt {
  private readonly chunks: Buffer[] = [];
  private size = 0;

  add(chunk: Buffer): void {
    if (this.size >= EXCERPT_BYTES) return;
    const part = chunk.subarray(0, EXCERPT_BYTES - this.size);
    this.chunks.push(part);
    this.size += part.length;
  }

  text(): string | null {
    if (this.size === 0) return null;
    // A character cut at the limit is left out rather than turned into a replacement character.
    return new StringDecoder('utf8').write(Buffer.concat(this.chunks)).replaceAll('\u0000', '');
  }
}
