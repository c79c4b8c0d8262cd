import { request, type IncomingMessage } from 'node:http';

export interface StreamEvent {
  /** `comment` for a `:` line (a heartbeat), else the event's name. */
  kind: string;
  id?: string;
  data?: string;
  retry?: number;
}

/**
 * A server-sent events reader over raw `node:http`, as a client with no EventSource would read
 * one: events parsed as the bytes arrive, so a test sees each when it is sent, not when the
 * answer ends.
 */
export class EventStreamReader {
  readonly events: StreamEvent[] = [];
  status = 0;
  headers: IncomingMessage['headers'] = {};
  body = '';
  readonly ended: Promise<void>;
  private buffer = '';
  private waiting: (() => void)[] = [];
  private readonly client: ReturnType<typeof request>;

  constructor(url: string, headers: Record<string, string>) {
    this.client = request(url, { headers: { accept: 'text/event-stream', ...headers } });
    this.ended = new Promise((resolve) => {
      this.client.on('response', (response) => {
        this.status = response.statusCode ?? 0;
        this.headers = response.headers;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          this.body += chunk;
          this.take(chunk);
        });
        response.on('end', resolve);
        response.on('close', resolve);
      });
      this.client.on('error', () => {
        resolve();
      });
    });
    void this.ended.then(() => {
      this.wakeAll();
    });
    this.client.end();
  }

  /** Resolves once `count` events (comments included) have arrived, or rejects after `ms`. */
  async until(predicate: (events: StreamEvent[]) => boolean, ms = 10_000): Promise<StreamEvent[]> {
    const deadline = Date.now() + ms;
    while (!predicate(this.events)) {
      if (Date.now() > deadline)
        throw new Error(`stream: condition not met within ${String(ms)} ms; got ${JSON.stringify(this.events)} (status ${String(this.status)})`);
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return this.events;
  }

  changes(): StreamEvent[] {
    return this.events.filter((event) => event.kind === 'change');
  }

  close(): void {
    this.client.destroy();
  }

  private take(chunk: string): void {
    this.buffer += chunk;
    for (let end = this.buffer.indexOf('\n\n'); end >= 0; end = this.buffer.indexOf('\n\n')) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const event: StreamEvent = { kind: 'message' };
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) event.kind = 'comment';
        else if (line.startsWith('event: ')) event.kind = line.slice(7);
        else if (line.startsWith('id: ')) event.id = line.slice(4);
        else if (line.startsWith('data: ')) event.data = line.slice(6);
        else if (line.startsWith('retry: ')) event.kind = 'retry';
      }
      this.events.push(event);
    }
    this.wakeAll();
  }

  private wakeAll(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const wake of waiting) wake();
  }
}
