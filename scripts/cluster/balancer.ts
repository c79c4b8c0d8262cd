import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * What a Kubernetes Service is to a Deployment's pods: one address in front of a service's
 * replicas, each new connection sent to the next replica in turn. TCP, so HTTP keep-alive
 * connections stay on the replica they reached, as with kube-proxy; a replica that refuses the
 * connection (stopped, restarting) is skipped for the next.
 */
export class RoundRobinBalancer {
  private readonly server: Server;
  private readonly targets: readonly number[];
  private next = 0;
  private readonly sockets = new Set<Socket>();

  constructor(targets: readonly number[]) {
    this.targets = targets;
    this.server = createServer((client) => {
      this.track(client);
      // A client that resets is only a closed connection here; piping ends the upstream with it.
      client.on('error', () => client.destroy());
      this.forward(client, targets.length);
    });
  }

  listen(port: number, host = '127.0.0.1'): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        const address = this.server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) =>
      this.server.close(() => {
        resolve();
      }),
    );
  }

  private forward(client: Socket, triesLeft: number): void {
    const port = this.targets[this.next % this.targets.length] ?? 0;
    this.next += 1;
    const upstream = connect(port, '127.0.0.1');
    this.track(upstream);
    // Until connected, a refusal moves the client on to the next replica.
    const refused = (): void => {
      upstream.destroy();
      if (triesLeft > 1 && !client.destroyed) this.forward(client, triesLeft - 1);
      else client.destroy();
    };
    upstream.once('error', refused);
    upstream.once('connect', () => {
      upstream.off('error', refused);
      upstream.on('error', () => client.destroy());
      client.once('close', () => upstream.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
    });
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
  }
}
