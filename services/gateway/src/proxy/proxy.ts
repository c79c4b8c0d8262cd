import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'koa';
import type { Registry } from 'prom-client';
import { errors as undiciErrors, type Dispatcher } from 'undici';
import { Problem, REQUEST_ID_HEADER, type Logger } from '@boardsync/kit/core';
import { peerDispatcher } from '@boardsync/kit/peer-requests';
import { requestTargetOf, upstreamPathOf } from '../request/canonical-path.ts';
import { clientOriginOf, type ClientOrigin } from '../request/client-origin.ts';
import { declaresBody } from '../request/unread-body.ts';
import { ProxyAborts } from './aborts.ts';
import { Exchange } from './exchange.ts';
import type { HeldRequests, HeldToken } from './held-requests.ts';
import { forwardableHeaders } from './forwarded-headers.ts';
import { writeUpstreamAnswer } from './upstream-answer.ts';

export interface ProxyOptions {
  timeoutMs: number;
  /** For a route that holds its request (long-poll) or streams (`ApiRoute.holds`): the wait before an answer's head, and between its body's chunks. */
  heldTimeoutMs: number;
  /** Upstream connections per service for held routes: their own pool, so held streams never take the ordinary one's. */
  heldConnections: number;
  logger: Logger;
  /** Where `boardsync_gateway_proxy_aborts_total` is registered: the gateway's metrics registry. */
  registry: Registry;
  /** Held requests by token, ended when it dies (events/revocations.ts). */
  heldRequests: HeldRequests;
}

/** One request to send upstream: the checked target and the headers the gateway decided on. */
export interface Outgoing {
  /** `baseUrl`'s origin (`http://host:port`). */
  origin: string;
  /** What goes on the request line: the checked path and the raw query (canonical-path.ts). */
  path: string;
  service: string;
  headers: Record<string, string>;
  /** The route holds its request or streams (`ApiRoute.holds`): the held-request timeout applies. */
  held?: boolean | undefined;
  /** A held request's token: its revocation or expiry ends the request (held-requests.ts). */
  heldToken?: HeldToken | undefined;
}

/** The upstream's answer head, with the exchange that streams its body; undefined when the client left first. */
type Opened = { exchange: Exchange; upstream: Dispatcher.ResponseData } | undefined;

/** Streams requests to a service and its answer back, over keep-alive pools; nothing is buffered whole. */
export class UpstreamProxy {
  private readonly dispatcher: Dispatcher;
  private readonly heldDispatcher: Dispatcher;
  private readonly timeoutMs: number;
  private readonly heldTimeoutMs: number;
  private readonly aborts: ProxyAborts;
  private readonly heldRequests: HeldRequests;
  private readonly origins = new Map<string, string>();

  constructor({ timeoutMs, heldTimeoutMs, heldConnections, logger, registry, heldRequests }: ProxyOptions) {
    this.timeoutMs = timeoutMs;
    this.heldRequests = heldRequests;
    this.heldTimeoutMs = heldTimeoutMs;
    // A request without a body that meets a stopping pod's closed connection is sent again (peer-requests.ts).
    this.dispatcher = peerDispatcher({ connections: 128, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
    // Each open stream holds its connection for up to a minute: 128 of them would stop every other request.
    this.heldDispatcher = peerDispatcher({ connections: heldConnections, headersTimeout: heldTimeoutMs, bodyTimeout: heldTimeoutMs });
    this.aborts = new ProxyAborts(logger, registry);
  }

  /** `baseUrl`'s origin, parsed once per base URL rather than once per request. */
  originOf(baseUrl: string): string {
    let origin = this.origins.get(baseUrl);
    if (origin === undefined) this.origins.set(baseUrl, (origin = new URL(baseUrl).origin));
    return origin;
  }

  /**
   * Sends the request's checked target (see canonical-path.ts) to `baseUrl`'s origin exactly as it
   * was matched: the path is never re-parsed or resolved against anything. `extraHeaders` are added
   * after the caller's are filtered (principal, request id).
   */
  async forward(
    ctx: Context,
    baseUrl: string,
    service: string,
    extraHeaders: Record<string, string>,
    options: { passCredentials?: boolean; held?: boolean; heldToken?: HeldToken | undefined } = {},
  ): Promise<void> {
    const headers = gatewayHeaders(ctx.req, clientOriginOf(ctx), String(ctx.state.requestId), options.passCredentials ?? false);
    Object.assign(headers, extraHeaders);
    const outgoing = {
      origin: this.originOf(baseUrl),
      path: upstreamPathOf(requestTargetOf(ctx)),
      service,
      headers,
      held: options.held,
      heldToken: options.heldToken,
    };
    const status = await this.relay(ctx.req, ctx.res, outgoing);
    // The answer is written (or streaming) on the raw response, as on the fast path; Koa leaves it be.
    ctx.respond = false;
    // Nobody is left to answer when the client went first; 408 is only what the access log shows.
    ctx.status = status ?? 408;
  }

  /** Sends `outgoing` and writes the upstream's answer to `res` (upstream-answer.ts); its status, or undefined when the client left first. */
  async relay(req: IncomingMessage, res: ServerResponse, outgoing: Outgoing): Promise<number | undefined> {
    const opened = await this.open(req, res, outgoing);
    return opened ? writeUpstreamAnswer(req.method ?? 'GET', res, opened.exchange, opened.upstream) : undefined;
  }

  /**
   * Sends `outgoing` with the request's body, if it has one (streamed), and resolves with the
   * answer's head. Throws the Problem to answer when the upstream times out or cannot be reached.
   */
  private async open(req: IncomingMessage, res: ServerResponse, outgoing: Outgoing): Promise<Opened> {
    const method = req.method ?? 'GET';
    const hasBody = method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS' && declaresBody(req);
    const exchange = new Exchange(req, res, outgoing.service, this.aborts, hasBody);
    if (exchange.clientGone()) return undefined;
    if (outgoing.held === true && outgoing.heldToken)
      res.once(
        'close',
        this.heldRequests.track(outgoing.heldToken, () => {
          exchange.endHeld();
        }),
      );
    let upstream: Dispatcher.ResponseData;
    try {
      upstream = await (outgoing.held === true ? this.heldDispatcher : this.dispatcher).request({
        origin: outgoing.origin,
        path: outgoing.path,
        method,
        headers: outgoing.headers,
        body: hasBody ? exchange.requestBody() : null,
        signal: exchange.signal,
      });
    } catch (error) {
      if (exchange.tokenEnded()) throw Problem.unauthenticated('The token was revoked or expired while the request was held.');
      if (exchange.clientGone()) return undefined;
      exchange.closeIfAnsweredEarly();
      throw upstreamProblem(error, outgoing.service, outgoing.held ? this.heldTimeoutMs : this.timeoutMs);
    }
    exchange.closeIfAnsweredEarly();
    return { exchange, upstream };
  }

  async close(): Promise<void> {
    await Promise.all([this.dispatcher.close(), this.heldDispatcher.close()]);
  }
}

/** The caller's headers the upstream may see, and the ones the gateway sets itself: request id, X-Forwarded-For, -Proto, -Host. */
export function gatewayHeaders(req: IncomingMessage, client: ClientOrigin, requestId: string, passCredentials: boolean): Record<string, string> {
  const headers = forwardableHeaders(req.headers, passCredentials);
  headers[REQUEST_ID_HEADER.toLowerCase()] = requestId;
  headers['x-forwarded-for'] = client.ip;
  headers['x-forwarded-proto'] = client.proto;
  const { host } = req.headers;
  if (host !== undefined && host !== '') headers['x-forwarded-host'] = host;
  return headers;
}

function upstreamProblem(error: unknown, service: string, timeoutMs: number): Problem {
  if (error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError) {
    return new Problem({ status: 504, code: 'upstream_timeout', detail: `The ${service} service did not answer within ${timeoutMs} ms.` });
  }
  return new Problem({ status: 502, code: 'upstream_unavailable', detail: `The ${service} service could not be reached.` });
}
