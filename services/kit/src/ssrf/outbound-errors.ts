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
  constructor(reason: OutboundFailed['reason'], message: string, options?: ErrorOptions) {
    super(message, options);
    this.reason = reason;
  }
}
