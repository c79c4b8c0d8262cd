/** What every call of the client's own helpers takes (`client.api` calls take the same `signal` beside their params). */
export interface CallOptions {
  /** Ends the call, and any wait between its retries, when it aborts: `AbortSignal.timeout(5000)`, or a controller's. */
  signal?: AbortSignal;
}

/** The `signal` part of a RequestInit, when there is one. */
export const withSignal = ({ signal }: CallOptions): { signal?: AbortSignal } => (signal ? { signal } : {});
