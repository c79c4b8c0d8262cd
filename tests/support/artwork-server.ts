import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The smallest PNG there is: an image any upload accepts. */
export const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

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
  private port = 0;

  async start(): Promise<void> {
    this.port = await listenOnLoopback(this.server);
  }

  url(name: string): string {
    return `http://127.0.0.1:${String(this.port)}/art/${name}`;
  }

  stop(): Promise<void> {
    return closed(this.server);
  }
}
