import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Sits in front of auth's introspection and counts the calls that really reach it; `holdMs` keeps each one open that long, so callers pile up behind it. */
export interface CountingProxy {
  url: string;
  calls: () => number;
  close: () => Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function countingProxy(target: string, holdMs = 0): Promise<CountingProxy> {
  let calls = 0;
  const server = createServer((request, response) => {
    void (async () => {
      if (request.url === '/oauth/introspect') calls += 1;
      const body = await bodyOf(request);
      if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
      const headers: Record<string, string> = {};
      for (const name of ['authorization', 'content-type', 'accept']) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const answer = await fetch(new URL(request.url ?? '/', target), { method: request.method ?? 'GET', headers, ...(body.length > 0 ? { body } : {}) });
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      response.end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => {
      response.writeHead(502).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: () => calls,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
