import { once } from 'node:events';
import { createServer, request as upstreamRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback proxy in front of the gateway that loses answers; `cut` lists what it lost (`POST /api/v1/projects`). */
export interface AnswerCutter {
  url: string;
  cut: string[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);

/**
 * What a tool meets when the network fails at the worst moment: the first attempt of every write
 * carrying an `Idempotency-Key` reaches the gateway and is answered in full (so the server has
 * committed it), and then the tool's connection is closed instead of the answer passed on. Every other
 * request, a repeat with a key already seen among them, passes both ways. A client that makes a new key
 * for its retry is cut again, and again: only one that keeps the key gets an answer.
 */
export async function answerCutter(gateway: string): Promise<AnswerCutter> {
  const upstream = new URL(gateway);
  const seenKeys = new Set<string>();
  const cut: string[] = [];

  const relay = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const key = req.headers['idempotency-key'];
    const cutting = typeof key === 'string' && !seenKeys.has(key);
    if (typeof key === 'string') seenKeys.add(key);
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name) && name !== 'host'));
    const forwarded = upstreamRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers });
    req.pipe(forwarded);
    const [answer] = (await once(forwarded, 'response')) as [IncomingMessage];
    if (cutting) {
      await answer.toArray(); // read to its end: the server has finished with it
      cut.push(`${req.method ?? ''} ${new URL(req.url ?? '/', upstream).pathname}`);
      req.socket.destroy();
      return;
    }
    res.writeHead(answer.statusCode ?? 502, Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name))));
    answer.pipe(res);
  };

  const server = createServer((req, res) => {
    relay(req, res).catch(() => req.socket.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    cut,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
