import { Agent, interceptors, request, type Dispatcher } from 'undici';
import { INTERNAL_PRINCIPAL_HEADER } from './principal.ts';

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

/** A peer's answer: its status and its JSON body (undefined when it had none that parses). */
export interface PeerAnswer {
  status: number;
  body: unknown;
}

/**
 * Asks a peer's internal listener on behalf of a principal (`principalToken`, the gateway's or one
 * issued for the designer concerned), bounded by `timeoutMs`. Any status comes back as the answer
 * for the caller to judge; a peer that cannot be reached or answer in time is PeerUnavailable.
 */
export async function askPeer(
  service: string,
  url: URL,
  principalToken: string,
  options: { method?: 'GET' | 'DELETE'; timeoutMs: number },
): Promise<PeerAnswer> {
  try {
    const response = await request(url, {
      method: options.method ?? 'GET',
      headers: { [INTERNAL_PRINCIPAL_HEADER]: principalToken, accept: 'application/json' },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      dispatcher: sharedPeerDispatcher(),
    });
    const text = await response.body.text();
    return { status: response.statusCode, body: parsedOrUndefined(text) };
  } catch (error) {
    throw new PeerUnavailable(service, error);
  }
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
