import { errors as undiciErrors } from 'undici';

/** A fetch this client will not make (the URL or an address it leads to is not public). */
export class OutboundRefused extends Error {
  override readonly name = 'OutboundRefused';
  readonly reason: string;
  constructor(reason: string, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** A fetch that was allowed but did not complete: timeout, connection error, body too large. */
export class OutboundFailed extends Error {
  override readonly name = 'OutboundFailed';
  readonly reason: 'timeout' | 'connection' | 'too_large' | 'too_many_redirects';
  /** When the answer's status had come in before the failure: it, and what had been read of the body. */
  readonly answered: { status: number; body: Buffer } | undefined;
  constructor(reason: OutboundFailed['reason'], message: string, options?: ErrorOptions & { answered?: { status: number; body: Buffer } }) {
    super(message, options);
    this.reason = reason;
    this.answered = options?.answered;
  }
}

/** What a failed request through the safe client was: a refusal by its guards, a timeout, or a connection failure. */
export function explainFailure(error: unknown, timedOut: boolean): Error {
  const refusal = findCause(error, OutboundRefused);
  if (refusal) return refusal;
  if (error instanceof OutboundFailed) return error;
  if (
    timedOut ||
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError ||
    error instanceof undiciErrors.ConnectTimeoutError
  ) {
    return new OutboundFailed('timeout', 'The remote server did not answer in time.', { cause: error });
  }
  return new OutboundFailed('connection', 'The remote server could not be reached.', { cause: error });
}

function findCause<T extends Error>(error: unknown, type: new (...args: never[]) => T): T | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof type) return current;
  }
  return undefined;
}
