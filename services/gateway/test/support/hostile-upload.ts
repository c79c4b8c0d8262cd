import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { requestHead } from './raw-http.ts';

/** What the hostile client declares: 200 MB. */
export const DECLARED_BYTES = 200 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x61);

export interface HostileUpload {
  method: string;
  target: string;
  headers?: Record<string, string>;
  /** `Transfer-Encoding: chunked`, no length declared. */
  chunked?: boolean;
  /** Another loopback address (all of 127.0.0.0/8 is local), so per-IP budgets can be told apart. */
  localAddress?: string;
}

export interface UploadOutcome {
  /** Everything the gateway sent back, as latin1 text. */
  answer: string;
  /** Body bytes the client handed to its kernel before the connection broke: an upper bound on what the gateway read. */
  written: number;
  /** The client's port: which of the server's connections was this one. */
  localPort: number;
  /** False when the client gave up (`giveUpAfter` bytes sent, or 30 s) with the connection still open. */
  closedByServer: boolean;
}

/**
 * A client that sends a large body and never looks at the answer: it writes until the connection
 * breaks (the gateway's FIN, EPIPE, ECONNRESET) or it has sent `giveUpAfter` bytes.
 */
export async function hostileUpload(url: string, request: HostileUpload, giveUpAfter = 64 * 1024 * 1024): Promise<UploadOutcome> {
  const socket = await connected(url, request.localAddress);
  const localPort = socket.localPort ?? 0;
  let answer = '';
  const connection = { broken: false };
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
  socket.on('error', () => (connection.broken = true));
  socket.once('end', () => (connection.broken = true));
  const closed = new Promise<void>((resolve) => {
    socket.once('close', () => {
      resolve();
    });
  });
  const framing: Record<string, string> = request.chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(DECLARED_BYTES) };
  const head = requestHead(request.method, request.target, new URL(url).host, { 'Content-Type': 'application/octet-stream', ...framing, ...request.headers });
  const gaveUpAt = Date.now() + 30_000;
  let written = 0;
  const send = (bytes: Buffer): Promise<boolean> => Promise.race([sent(socket, bytes), closed.then(() => false)]);
  if (await send(Buffer.from(head, 'latin1'))) {
    while (!connection.broken && written < giveUpAfter && Date.now() < gaveUpAt) {
      const piece = request.chunked ? Buffer.concat([Buffer.from(`${CHUNK.length.toString(16)}\r\n`), CHUNK, Buffer.from('\r\n')]) : CHUNK;
      if (!(await send(piece))) break;
      written += CHUNK.length;
    }
  }
  const closedByServer = connection.broken || socket.destroyed;
  socket.destroy();
  await closed;
  return { answer, written, localPort, closedByServer };
}

function connected(url: string, localAddress: string | undefined): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), ...(localAddress === undefined ? {} : { localAddress }) }, () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

// One write at a time, each awaited: the answer is read between writes, before a reset can discard it.
function sent(socket: Socket, bytes: Buffer): Promise<boolean> {
  if (socket.destroyed || !socket.writable) return Promise.resolve(false);
  return new Promise((resolve) => {
    socket.write(bytes, (error) => {
      resolve(error == null);
    });
  });
}

/** What `server` read off each of its connections, by the client's port, recorded as each one closes. */
export function readByServer(server: Server): Map<number, number> {
  const read = new Map<number, number>();
  server.on('connection', (socket: Socket) => {
    const clientPort = socket.remotePort ?? 0;
    socket.once('close', () => read.set(clientPort, socket.bytesRead));
  });
  return read;
}
