import type { IncomingMessage, ServerResponse } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import { errors as undiciErrors } from 'undici';
import { closeIfMuchLeft, discardRestOfBody } from '../request/unread-body.ts';
import type { AbortStage, ProxyAborts } from './aborts.ts';

type Stage = 'request_body' | 'awaiting_response' | 'response_body';

/**
 * One request on its way through the proxy. Every stream it opens has its errors handled here, and
 * either side going away ends the other: the client leaving aborts the upstream request (and with
 * it the upstream's streams); the upstream failing mid-answer cuts the client's response short.
 */
export class Exchange {
  private stage: Stage;
  private settled = false;
  private clientLeft = false;
  private readonly controller = new AbortController();
  readonly signal: AbortSignal = this.controller.signal;
  private readonly req: IncomingMessage;
  private readonly res: ServerResponse;
  private readonly service: string;
  private readonly aborts: ProxyAborts;
  private forwardedBody: PassThrough | undefined;
  private responseBody: Readable | undefined;
  private bodyBytesRead = 0;
  private tokenDied = false;

  constructor(req: IncomingMessage, res: ServerResponse, service: string, aborts: ProxyAborts, hasBody: boolean) {
    this.req = req;
    this.res = res;
    this.service = service;
    this.aborts = aborts;
    this.stage = hasBody ? 'request_body' : 'awaiting_response';
    // A client that left while the gateway authenticated it has already closed: no event is coming.
    if (req.socket.destroyed || res.destroyed) {
      this.onClientLeft();
      return;
    }
    res.once('close', () => {
      if (!res.writableFinished) this.onClientLeft();
    });
    if (hasBody)
      res.once('finish', () => {
        this.discardUnsentBody();
      });
  }

  /** True once the token the request stood on was revoked or expired while it was held (`endHeld`). */
  tokenEnded(): boolean {
    return this.tokenDied;
  }

  /**
   * The token this held request (long-poll, stream) stands on died: a stream is ended cleanly (the
   * client's reconnect then meets the 401); a request still waiting for its answer's head is
   * abandoned, and the caller answers 401 (proxy.ts).
   */
  endHeld(): void {
    if (this.tokenDied || this.clientLeft) return;
    this.tokenDied = true;
    const { responseBody, res } = this;
    if (!responseBody) {
      this.controller.abort();
      return;
    }
    responseBody.unpipe(res);
    responseBody.destroy();
    // A body of announced length cut short must not look whole: only a stream ends cleanly.
    if (res.hasHeader('content-length')) res.destroy();
    else if (!res.writableEnded) res.end();
  }

  /** True once the client has gone: nothing more can be answered. */
  clientGone(): boolean {
    return this.clientLeft;
  }

  /** The caller's body, through a stream of our own so an upstream failure never destroys the client's socket. */
  requestBody(): Readable {
    const { req } = this;
    const body = new PassThrough();
    this.forwardedBody = body;
    body.on('error', () => undefined); // ends here whether or not undici took the stream yet
    req.on('error', (error) => body.destroy(error)); // the client hung up mid-body
    req.on('data', (chunk: Buffer) => (this.bodyBytesRead += chunk.length));
    req.once('end', () => {
      if (this.stage === 'request_body') this.stage = 'awaiting_response';
    });
    req.pipe(body);
    return body;
  }

  /**
   * Streams the upstream's answer body to the client (through Koa, the caller sets
   * `ctx.respond = false`: Koa leaves the response to us). An upstream failure cuts the client's
   * response short (no final chunk, or short of its Content-Length); the client leaving ends the
   * upstream request. Koa's own respond would do the same through a stream.pipeline, whose
   * AbortError made on every finish was ~5% of the gateway's CPU at saturation.
   */
  sendResponseBody(upstream: Readable): void {
    this.stage = 'response_body';
    this.responseBody = upstream;
    const { res } = this;
    upstream.on('error', (error) => {
      if (res.writableFinished || this.tokenDied) return;
      if (isUpstreamFailure(error)) this.settle('upstream_response_body', error);
      else this.onClientLeft();
      res.destroy();
    });
    res.once('close', () => {
      if (!upstream.readableEnded) upstream.destroy();
    });
    upstream.pipe(res);
  }

  /**
   * Call before answering. An answer that comes before the client finished sending (an upstream's
   * 404, 413 or 401, a 502) follows the rule of every early answer (request/unread-body.ts).
   */
  closeIfAnsweredEarly(): void {
    if (!this.forwardedBody || this.req.complete) return;
    closeIfMuchLeft(this.req, this.res, this.bodyBytesRead);
  }

  /** Once the answer is out, the gateway stops feeding the upstream, and what is left of the body is dropped up to the bound. */
  private discardUnsentBody(): void {
    const { req } = this;
    if (req.complete) return;
    if (this.forwardedBody) {
      req.unpipe(this.forwardedBody);
      this.forwardedBody.destroy();
    }
    discardRestOfBody(req, this.res);
  }

  private onClientLeft(): void {
    this.clientLeft = true;
    this.controller.abort();
    this.settle(`client_${this.stage}`);
  }

  private settle(stage: AbortStage, error?: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.aborts.record(this.service, stage, error);
  }
}

// Our own abort (the client left) surfaces as an abort error; anything else undici raises is the upstream's doing.
function isUpstreamFailure(error: Error): boolean {
  return error instanceof undiciErrors.UndiciError && !(error instanceof undiciErrors.RequestAbortedError);
}
