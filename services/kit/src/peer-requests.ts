import { Agent, interceptors, type Dispatcher } from 'undici';

/**
 * How one service asks another over the cluster network (the gateway's proxy, a peer's internal
 * endpoint). A pod that stops (a rolling update, a scale-in) closes its idle keep-alive connections,
 * and a Service can still route a new connection to it for a moment: a request written just then
 * meets a closed socket or a refused connection before any answer. Requests without a body are sent
 * again then, on another connection: at most twice, and never after an answer began (RFC 9110
 * §9.2.2). Anything with a body is not repeated, and no answer, whatever its status, is.
 */
export function peerDispatcher(options: Agent.Options = {}): Dispatcher {
  return new Agent({ keepAliveTimeout: 30_000, ...options }).compose(
    interceptors.retry({
      maxRetries: 2,
      minTimeout: 10,
      maxTimeout: 50,
      methods: ['GET', 'HEAD', 'OPTIONS'],
      statusCodes: [],
      errorCodes: ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'UND_ERR_SOCKET'],
    }),
  );
}

/** A peer service could not answer now (unreachable, stopping, or an answer that was not the one expected); the caller says what that means for its request. */
export class PeerUnavailable extends Error {
  override readonly name = 'PeerUnavailable';
  readonly service: string;

  constructor(service: string, cause: unknown) {
    super(`${service} could not answer`, { cause });
    this.service = service;
  }
}

let shared: Dispatcher | undefined;

/** One {@link peerDispatcher} per process for the peers' internal requests. */
export function sharedPeerDispatcher(): Dispatcher {
  return (shared ??= peerDispatcher());
}
