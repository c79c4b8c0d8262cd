import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A webhook receiver on loopback as a tool would run one: records each request's path and body and
 * answers 200, or the status programmed for its path.
 */
export class RecordingReceiver {
  private readonly server: Server;
  private readonly received: { path: string; body: string }[] = [];
  private readonly statuses = new Map<string, number>();

  constructor() {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const path = request.url ?? '/';
        this.received.push({ path, body });
        response.writeHead(this.statuses.get(path) ?? 200).end();
      });
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  url(path: string): string {
    return `http://127.0.0.1:${String((this.server.address() as AddressInfo).port)}${path}`;
  }

  answer(path: string, status: number): void {
    this.statuses.set(path, status);
  }

  /** The bodies `path` has received, in order. */
  bodies(path: string): string[] {
    return this.received.filter((request) => request.path === path).map((request) => request.body);
  }

  /** Whether any body sent to `path` names `text` (a component's name). */
  saw(path: string, text: string): boolean {
    return this.bodies(path).some((body) => body.includes(text));
  }
}
