import { request, type IncomingMessage } from 'node:http';

/**
 * One follower of the changes feed as a stream (server-sent events) on raw node:http, cheap enough
 * to hold a thousand of in one process (bench/changes-feed.ts): it notes every change it received
 * and when each (by its component's unique_id) arrived, and reconnects with Last-Event-ID, as a tool
 * would, when the server ends the stream (its time bound) or after it failed (a replica killed).
 */
export class ChangeFollower {
  private readonly url: string;
  private readonly headers: Record<string, string>;
  private lastEventId: string | undefined;
  private buffer = '';
  private closed = false;
  private response: IncomingMessage | undefined;
  private readonly seen = new Map<string, number>();
  /** Every change received, in order, as `{ id (the cursor), unique_id }`, repeats included. */
  readonly received: { cursor: string; uniqueId: string | null }[] = [];
  private readonly waiters = new Map<string, (at: number) => void>();
  /** Resolves once the first stream's head arrived. */
  readonly opened: Promise<void>;
  reconnects = 0;

  constructor(url: string, headers: Record<string, string>) {
    this.url = url;
    this.headers = headers;
    this.opened = this.connect();
  }

  /** When the change of `uniqueId` arrived (performance.now()), waiting for it if it has not yet. */
  arrival(uniqueId: string): Promise<number> {
    const at = this.seen.get(uniqueId);
    if (at !== undefined) return Promise.resolve(at);
    return new Promise((resolve) => this.waiters.set(uniqueId, resolve));
  }

  close(): void {
    this.closed = true;
    this.response?.destroy();
  }

  /** Opens the stream again from the last event after a failure: the first open's failure is the caller's. */
  private retry(): void {
    if (this.closed) return;
    this.reconnects += 1;
    setTimeout(() => {
      this.connect().catch(() => {
        this.retry();
      });
    }, 250).unref();
  }

  private connect(): Promise<void> {
    // What a cut stream left half-sent is not an event.
    this.buffer = '';
    return new Promise((resolve, reject) => {
      const headers = { ...this.headers, accept: 'text/event-stream', ...(this.lastEventId ? { 'last-event-id': this.lastEventId } : {}) };
      const sent = request(this.url, { headers, agent: false }, (response) => {
        if (response.statusCode !== 200) {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => {
            reject(new Error(`the stream answered ${String(response.statusCode)}: ${body}`));
          });
          return;
        }
        this.response = response;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          this.take(chunk);
        });
        // Ended by the server or cut (a replica killed): either way the stream closes, and is opened again.
        response.on('close', () => {
          this.retry();
        });
        response.on('error', () => undefined);
        resolve();
      });
      sent.on('error', (error) => {
        if (!this.closed) reject(error);
      });
      sent.end();
    });
  }

  private take(chunk: string): void {
    const now = performance.now();
    // Frames are cut from one string by offset: a thousand followers in one process (the bench) share its CPU with the services they measure.
    const text = this.buffer + chunk;
    let start = 0;
    for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n', start)) {
      this.takeFrame(text.slice(start, end), now);
      start = end + 2;
    }
    this.buffer = text.slice(start);
  }

  private takeFrame(frame: string, now: number): void {
    const id = fieldOf(frame, 'id');
    const data = fieldOf(frame, 'data');
    if (id === undefined || data === undefined) return;
    this.lastEventId = id;
    const uniqueId = (JSON.parse(data) as { unique_id: string | null }).unique_id;
    this.received.push({ cursor: id, uniqueId });
    if (uniqueId === null) return;
    this.seen.set(uniqueId, now);
    this.waiters.get(uniqueId)?.(now);
    this.waiters.delete(uniqueId);
  }
}

/** The value of an event's `name: value` line, if it has one. */
function fieldOf(frame: string, name: string): string | undefined {
  const prefix = `${name}: `;
  let from: number;
  if (frame.startsWith(prefix)) from = prefix.length;
  else {
    const at = frame.indexOf(`\n${prefix}`);
    if (at < 0) return undefined;
    from = at + 1 + prefix.length;
  }
  const end = frame.indexOf('\n', from);
  return frame.slice(from, end < 0 ? undefined : end);
}
