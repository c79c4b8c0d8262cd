import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { verifyWebhook, type WebhookEvent } from '@boardsync/client';
import { listenForCallbacks } from './callback-listener.ts';

/** One delivery as the receiver took it: the first or a repeated arrival of its id. */
export interface Arrival {
  id: string;
  event: string;
  data: Record<string, unknown>;
  at: number;
}

/**
 * A tool's webhook endpoint on loopback (or where a deployed system's pods reach the host:
 * callback-listener.ts): checks every delivery's signature, answers 204 (after
 * `delayMs`, to keep sends in flight), and keeps every arrival in order. `down()` closes the port
 * (a receiver that is gone: connections refused), `up()` opens the same port again.
 */
export class LoopbackReceiver {
  readonly arrivals: Arrival[] = [];
  rejected = 0;
  delayMs = 0;
  private secret = '';
  private origin = '';
  private readonly server = createServer((request, response) => void this.take(request, response));

  get url(): string {
    return `${this.origin}/hooks/boardsync`;
  }

  async up(): Promise<void> {
    this.origin = await listenForCallbacks(this.server, this.origin || undefined);
  }

  async down(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => {
      this.server.close(() => {
        resolve();
      });
    });
  }

  verifyWith(secret: string): void {
    this.secret = secret;
  }

  /** First arrivals, in the order they came. */
  unique(): Arrival[] {
    const seen = new Set<string>();
    return this.arrivals.filter((arrival) => !seen.has(arrival.id) && Boolean(seen.add(arrival.id)));
  }

  /** Arrivals of an id already received. */
  duplicates(): number {
    return this.arrivals.length - this.unique().length;
  }

  private async take(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let event: WebhookEvent;
    try {
      event = await verifyWebhook(this.secret, request.headers, Buffer.concat(chunks));
    } catch {
      this.rejected += 1;
      response.writeHead(400).end();
      return;
    }
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    this.arrivals.push({ id: event.id, event: event.event, data: event.data, at: Date.now() });
    response.writeHead(204).end();
  }
}
