import { createServer, type Server } from 'node:http';
import { listenForCallbacks } from '../../scripts/harness/callback-listener.ts';

/** The smallest PNG there is: an image any upload accepts. */
export const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export const closed = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => {
      resolve();
    });
  });

/** The designer's own web space on this machine, where artwork lives before a tool has it mirrored or copied in. */
export class ArtworkServer {
  private readonly server = createServer((_, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(ONE_PIXEL_PNG));
  private origin = '';

  async start(): Promise<void> {
    this.origin = await listenForCallbacks(this.server);
  }

  url(name: string): string {
    return `${this.origin}/art/${name}`;
  }

  stop(): Promise<void> {
    return closed(this.server);
  }
}
