import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import sharp from 'sharp';
import { FAKE_PUBLIC_HOST } from './world.ts';

/** What a route does with a request: answer it, or hold it open (the server tracks it either way). */
export type Route = (request: IncomingMessage, response: ServerResponse, served: Served) => void;

/** One request as the server saw it. */
export interface Served {
  path: string;
  /** Body bytes written to the socket so far. */
  bytesSent: number;
  /** Whether the whole answer was written (false when the client hung up first). */
  finished: boolean;
  /** Resolves when the exchange is over: answered in full, or the connection closed. */
  closed: Promise<void>;
}

/**
 * A tiny HTTP server standing in for someone else's image host, bound to one loopback address
 * (`FAKE_PUBLIC_HOST`, which the asset service is told to treat as public, or 127.0.0.1, which it
 * must never reach). Routes are set per test; every connection and request is counted.
 */
export class ImageServer {
  private readonly routes = new Map<string, Route>();
  private readonly served: Served[] = [];
  private readonly sockets = new Set<Socket>();
  private connectionCount = 0;
  private port = 0;

  readonly host: string;
  private readonly server: Server;

  private constructor(host: string, server: Server) {
    this.host = host;
    this.server = server;
  }

  /** On `host`, on a free port unless given one (e.g. the same port on another loopback address). */
  static async start(host = FAKE_PUBLIC_HOST, port = 0): Promise<ImageServer> {
    const server = createServer();
    const images = new ImageServer(host, server);
    server.on('connection', (socket) => {
      images.connectionCount++;
      images.sockets.add(socket);
      socket.on('close', () => images.sockets.delete(socket));
    });
    server.on('request', (request, response) => {
      images.handle(request, response);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('the image server bound no port');
    images.port = address.port;
    return images;
  }

  /** `http://host:port{path}`; `path` as a client would write it (percent-encoded), starting with `/`. */
  url(path: string): string {
    const host = this.host.includes(':') ? `[${this.host}]` : this.host;
    return `http://${host}:${String(this.port)}${path}`;
  }

  get portNumber(): number {
    return this.port;
  }

  route(path: string, route: Route): this {
    this.routes.set(path, route);
    return this;
  }

  /** Requests received for `path` (its raw request-target), or for every path. */
  hits(path?: string): number {
    return this.requests(path).length;
  }

  requests(path?: string): Served[] {
    return path === undefined ? [...this.served] : this.served.filter((served) => served.path === path);
  }

  /** TCP connections accepted, requests or not. */
  get connections(): number {
    return this.connectionCount;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) =>
      this.server.close(() => {
        resolve();
      }),
    );
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const path = request.url ?? '/';
    let markClosed = (): void => undefined;
    const served: Served = { path, bytesSent: 0, finished: false, closed: new Promise((resolve) => (markClosed = resolve)) };
    this.served.push(served);
    const count = (chunk: unknown): void => {
      if (typeof chunk === 'string') served.bytesSent += Buffer.byteLength(chunk);
      else if (chunk instanceof Uint8Array) served.bytesSent += chunk.length;
    };
    const write = response.write.bind(response) as (...args: unknown[]) => boolean;
    const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
    response.write = ((chunk: unknown, ...rest: unknown[]) => {
      count(chunk);
      return write(chunk, ...rest);
    }) as typeof response.write;
    response.end = ((chunk?: unknown, ...rest: unknown[]) => {
      count(chunk);
      return end(chunk, ...rest);
    }) as typeof response.end;
    response.on('finish', () => {
      served.finished = true;
      markClosed();
    });
    response.on('close', markClosed);
    const route = this.routes.get(path);
    if (route) route(request, response, served);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('no such file');
  }
}

/** Answers `body` as `contentType`, with a Content-Length unless told to send it chunked. */
export function bytes(body: Buffer, { contentType = 'image/png', chunked = false }: { contentType?: string; chunked?: boolean } = {}): Route {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': contentType, ...(chunked ? {} : { 'content-length': String(body.length) }) });
    if (chunked) {
      // Two writes, so the answer really is sent in chunks.
      response.write(body.subarray(0, Math.floor(body.length / 2)));
      response.end(body.subarray(Math.floor(body.length / 2)));
    } else response.end(body);
  };
}

export function redirect(location: string, status = 302): Route {
  return (_request, response) => {
    response.writeHead(status, { location }).end();
  };
}

export function status(code: number): Route {
  return (_request, response) => {
    response.writeHead(code, { 'content-type': 'text/plain' }).end(`answered ${String(code)}`);
  };
}

/** Accepts the request and never answers it. */
export function stall(): Route {
  return () => undefined;
}

/** Answers headers and `head`, then one byte every `everyMs` and never finishes: alive, but never done. */
export function drip(head: Buffer, everyMs = 200): Route {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png' });
    response.write(head);
    const timer = setInterval(() => {
      response.write(Buffer.from([0]));
    }, everyMs);
    response.on('close', () => {
      clearInterval(timer);
    });
  };
}

/**
 * Streams `totalBytes` (starting with `head`, zeros after) in 1 MiB chunks, waiting for the client
 * to take each; without a Content-Length unless `declaredLength` is given. Stops writing when the
 * client hangs up, so `bytesSent` tells how far it got.
 */
export function stream(head: Buffer, totalBytes: number, { declaredLength }: { declaredLength?: number } = {}): Route {
  const chunk = Buffer.alloc(1024 * 1024);
  return (_request, response, served) => {
    response.writeHead(200, { 'content-type': 'image/png', ...(declaredLength === undefined ? {} : { 'content-length': String(declaredLength) }) });
    let hungUp = false;
    response.on('close', () => (hungUp = true));
    const pump = (): void => {
      while (!hungUp) {
        if (served.bytesSent >= totalBytes) {
          response.end();
          return;
        }
        const next = served.bytesSent === 0 ? Buffer.concat([head, chunk.subarray(head.length)]) : chunk;
        if (!response.write(next.subarray(0, Math.min(next.length, totalBytes - served.bytesSent)))) {
          response.once('drain', pump);
          return;
        }
      }
    };
    pump();
  };
}

/** A PNG of noise (so no two images share their bytes), made at test time. */
export function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .png()
    .toBuffer();
}

/** A web page, for serving as something it is not. */
export const HTML_PAGE = Buffer.from('<!DOCTYPE html>\n<html><body><h1>Not found</h1><img src="/card.png"></body></html>\n');
