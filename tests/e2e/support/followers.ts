import { createServer } from 'node:http';
import { verifyWebhook, type BoardsyncClient, type Component } from '@boardsync/client';
import { closed } from '../../support/artwork-server.ts';
import { listenForCallbacks } from '../../../scripts/harness/callback-listener.ts';

/**
 * A tool's webhook endpoint that keeps a copy of a project's cards: it checks each delivery's
 * signatures, answers at once, and on `components.changed` reads the cards again page by page
 * (following `links.next`), one reading at a time, again if events came during one.
 */
export class FollowingReceiver {
  readonly state = new Map<string, Component>();
  rejected = 0;
  private readonly server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => void this.receive(request.headers, Buffer.concat(chunks), response));
  });
  private origin = '';
  private secret = '';
  private client: BoardsyncClient | undefined;
  private project = 0;
  private readonly deliveries: string[] = [];
  private readonly counts = new Map<string, number>();
  private reading: Promise<void> | undefined;
  private again = false;

  get url(): string {
    return `${this.origin}/hooks/boardsync`;
  }

  async start(): Promise<void> {
    this.origin = await listenForCallbacks(this.server);
  }

  follow(secret: string, client: BoardsyncClient, project: number): void {
    Object.assign(this, { secret, client, project });
  }

  eventsFor(event: string): number {
    return this.counts.get(event) ?? 0;
  }

  /** Nothing being read, nothing waiting to be. */
  settled(): boolean {
    return this.reading === undefined && !this.again;
  }

  /** Delivery ids that came more than once. */
  duplicates(): string[] {
    return this.deliveries.filter((id, index) => this.deliveries.indexOf(id) !== index);
  }

  stop(): Promise<void> {
    return closed(this.server);
  }

  private async receive(headers: Record<string, string | string[] | undefined>, body: Buffer, response: import('node:http').ServerResponse): Promise<void> {
    let event;
    try {
      event = await verifyWebhook(this.secret, headers, body);
    } catch {
      this.rejected += 1;
      response.writeHead(400).end();
      return;
    }
    response.writeHead(204).end();
    const seen = this.deliveries.includes(event.id);
    this.deliveries.push(event.id);
    if (seen) return;
    this.counts.set(event.event, this.eventsFor(event.event) + 1);
    if (event.event === 'components.changed' && event.data.project_id === this.project && event.data.type === 'card') this.readAgain();
  }

  private readAgain(): void {
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = this.readCards().finally(() => {
      this.reading = undefined;
      if (this.again) {
        this.again = false;
        this.readAgain();
      }
    });
  }

  private async readCards(): Promise<void> {
    if (!this.client) return;
    const fresh = new Map<string, Component>();
    const pages = this.client.list('/api/v1/projects/{project}/components', { path: { project: this.project }, query: { type: 'card', per_page: 200 } });
    for await (const row of pages) fresh.set(row.unique_id, row);
    this.state.clear();
    for (const [uniqueId, row] of fresh) this.state.set(uniqueId, row);
  }
}
