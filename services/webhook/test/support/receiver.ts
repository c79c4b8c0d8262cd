import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll } from '@jest/globals';
import { eventually } from '@boardsync/kit/testing';
import type { WebhookWorld } from './world.ts';

/** How the receiver answers one request: a status, or a status after a delay, with an optional body and headers. */
export type Answer = number | { status: number; delayMs?: number; body?: string; headers?: Record<string, string> };

/** One request as it arrived: the raw body bytes (as text) and headers, when, and in what order. */
export interface Received {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** `Date.now()` when the body had arrived. */
  at: number;
}

/**
 * A webhook receiver on loopback (the service is told 127.0.0.1 is allowed, as in development).
 * Each path answers from its programmed sequence, in order, repeating the last answer once the
 * sequence is used up (200 for a path never programmed). Every request is recorded, and requests
 * in flight at once are counted per path.
 */
export class Receiver {
  private readonly server: Server;
  private readonly answers = new Map<string, Answer[]>();
  private readonly received: Received[] = [];
  private readonly open = new Map<string, number>();
  private readonly peak = new Map<string, number>();
  private port = 0;
  readonly host: string;

  private constructor(host: string) {
    this.host = host;
    this.server = createServer((request, response) => {
      this.handle(request, response);
    });
  }

  static async start(host = '127.0.0.1'): Promise<Receiver> {
    const receiver = new Receiver(host);
    await receiver.listen();
    return receiver;
  }

  /** A receiver for a delivery suite: listening (and the world's topics there) before its tests, closed after them. */
  static forSuite(world: WebhookWorld): Receiver {
    const receiver = new Receiver('127.0.0.1');
    beforeAll(async () => {
      await receiver.listen();
      await world.service.bus.ensureTopics(world.catalogTopics);
    }, 60_000);
    afterAll(() => receiver.close());
    return receiver;
  }

  private async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, this.host, resolve);
    });
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('the receiver bound no port');
    this.port = address.port;
  }

  url(path: string): string {
    return `http://${this.host}:${String(this.port)}${path}`;
  }

  /** Answers the next requests to `path` with these, in order; the last one stays. */
  program(path: string, answers: Answer[]): this {
    this.answers.set(path, [...answers]);
    return this;
  }

  requests(path?: string): Received[] {
    return this.received.filter((request) => path === undefined || request.path === path);
  }

  hits(path?: string): number {
    return this.requests(path).length;
  }

  /** The most requests to `path` that were being answered at one time. */
  peakConcurrency(path: string): number {
    return this.peak.get(path) ?? 0;
  }

  /** Waits until `path` has received at least `count` requests; returns them. */
  async waitFor(path: string, count: number, timeoutMs = 20_000): Promise<Received[]> {
    return eventually(
      () => {
        const requests = this.requests(path);
        return requests.length >= count ? requests : undefined;
      },
      timeoutMs,
      `${String(count)} requests to ${path} (got ${String(this.hits(path))})`,
    );
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => {
      this.server.close(() => {
        resolve();
      });
    });
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const path = request.url ?? '/';
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('error', () => response.destroy());
    request.on('end', () => {
      this.received.push({ path, method: request.method ?? '', headers: request.headers, rawBody: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const now = (this.open.get(path) ?? 0) + 1;
      this.open.set(path, now);
      this.peak.set(path, Math.max(now, this.peak.get(path) ?? 0));
      const answer = this.nextAnswer(path);
      const { status, delayMs = 0, body = '', headers = {} } = typeof answer === 'number' ? { status: answer } : answer;
      const timer = setTimeout(() => {
        response.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(body);
      }, delayMs);
      response.on('close', () => {
        clearTimeout(timer);
        this.open.set(path, (this.open.get(path) ?? 1) - 1);
      });
    });
  }

  private nextAnswer(path: string): Answer {
    const queue = this.answers.get(path);
    if (!queue || queue.length === 0) return 200;
    return queue.length > 1 ? (queue.shift() ?? 200) : (queue[0] ?? 200);
  }
}
