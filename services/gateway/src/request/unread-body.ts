import type { IncomingMessage, ServerResponse } from 'node:http';

/** What a client may still send after its answer before the gateway stops reading and closes the socket. */
const MAX_DISCARDED_BYTES = 1024 * 1024;

/**
 * Call before answering a request whose body is not all read, `bytesRead` of it taken so far. The
 * connection is kept when what is left is small enough to read and drop: closing it while the
 * client still writes makes the client's next write fail (EPIPE, ECONNRESET), and many clients
 * then report that instead of the answer they were sent. With more than that left, or an unknown
 * length, the answer ends the connection.
 */
export function closeIfMuchLeft(req: IncomingMessage, res: ServerResponse, bytesRead: number): void {
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  const left = Number.isSafeInteger(declared) ? declared - bytesRead : Number.POSITIVE_INFINITY;
  if (left > MAX_DISCARDED_BYTES) res.setHeader('Connection', 'close');
}

/**
 * The rest of an unfinished body goes nowhere. Unread, it would sit in the socket's buffers, with
 * the client's FIN behind it, until a timeout, and no next request on the connection could be read;
 * left to Node, which drains an unread body after the answer, it would be read to its end however
 * large it is. So it is read and dropped up to the bound; past it the gateway stops reading and
 * cuts the socket once the answer is out.
 */
export function discardRestOfBody(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete) return;
  let discarded = 0;
  const drop = (chunk: Buffer): void => {
    discarded += chunk.length;
    if (discarded <= MAX_DISCARDED_BYTES) return;
    req.off('data', drop);
    req.pause();
    const cut = (): void => {
      req.socket.destroy();
    };
    if (res.writableFinished) cut();
    else res.once('close', cut);
  };
  req.on('data', drop);
  req.resume();
}

/**
 * Call before an answer of the gateway's own (a refusal, no route, a probe, a document, a file):
 * whatever the client still sends after it is bounded as after an upstream's early answer. A body
 * that already has a reader (the proxy's exchange, proxy/exchange.ts) is that reader's to finish.
 */
export function beforeOwnAnswer(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete || !declaresBody(req) || req.readableFlowing !== null || req.socket.destroyed || res.headersSent) return;
  closeIfMuchLeft(req, res, 0);
  discardRestOfBody(req, res);
}

/** The request says a body follows (a length or a chunked encoding), whatever its method. */
export function declaresBody(req: IncomingMessage): boolean {
  return (req.headers['content-length'] ?? '') !== '' || (req.headers['transfer-encoding'] ?? '') !== '';
}
