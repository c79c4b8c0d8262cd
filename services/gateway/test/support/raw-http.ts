import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A loopback socket to the server behind `url`, once connected. */
export function openSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** The request head, written exactly as given: nothing on the way normalises the target. */
export function requestHead(method: string, target: string, host: string, headers: Record<string, string> = {}): string {
  const lines = [`${method} ${target} HTTP/1.1`, `Host: ${host}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** Sends one request on its own connection (Connection: close) and reads the answer to the end. */
export async function rawRequest(url: string, method: string, target: string, headers: Record<string, string> = {}, body = ''): Promise<RawAnswer> {
  const socket = await openSocket(url);
  const all = {
    Connection: 'close',
    ...(body === '' ? {} : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) }),
    ...headers,
  };
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
      const parsed: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        if (colon > 0) parsed[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status, headers: parsed, body: rest.join('\r\n\r\n') });
    });
    socket.write(requestHead(method, target, new URL(url).host, all) + body);
  });
}
