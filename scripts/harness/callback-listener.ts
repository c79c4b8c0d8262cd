import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Where the system under test calls a test back (webhook receivers, artwork to mirror). On this
 * machine's processes: loopback, any port. On a deployed system (tests/k8s) the pods reach the host
 * only at BOARDSYNC_CALLBACK_HOST and, past their NetworkPolicies, only on BOARDSYNC_CALLBACK_PORTS
 * (`first-last`): the first free one of those is taken. `samePortAs` (an origin this returned
 * before) opens that port again.
 */
export async function listenForCallbacks(server: Server, samePortAs?: string): Promise<string> {
  const host = process.env.BOARDSYNC_CALLBACK_HOST ?? '127.0.0.1';
  const range = /^(\d+)-(\d+)$/.exec(process.env.BOARDSYNC_CALLBACK_PORTS ?? '');
  const ports = samePortAs
    ? [Number(new URL(samePortAs).port)]
    : range
      ? Array.from({ length: Number(range[2]) - Number(range[1]) + 1 }, (_, index) => Number(range[1]) + index)
      : [0];
  for (const port of ports) {
    const listening = await new Promise<boolean>((resolve, reject) => {
      const failed = (error: NodeJS.ErrnoException): void => {
        if (error.code === 'EADDRINUSE') resolve(false);
        else reject(error);
      };
      server.once('error', failed);
      server.listen(port, host, () => {
        server.off('error', failed);
        resolve(true);
      });
    });
    if (listening) return `http://${host}:${String((server.address() as AddressInfo).port)}`;
  }
  throw new Error(`no free port in BOARDSYNC_CALLBACK_PORTS=${process.env.BOARDSYNC_CALLBACK_PORTS ?? ''} on ${host}`);
}
