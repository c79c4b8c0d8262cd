import { setTimeout as sleep } from 'node:timers/promises';
import { openSocket, requestHead } from './raw-http.ts';

/** How a client walks away; each resolves once the socket is gone. */
export type HangUp = 'mid_headers' | 'mid_body' | 'awaiting_answer' | 'mid_answer' | 'at_once';
export const HANG_UPS: readonly HangUp[] = ['mid_headers', 'mid_body', 'awaiting_answer', 'mid_answer', 'at_once'];

export interface HangUpRequest {
  method: string;
  target: string;
  headers?: Record<string, string>;
}

/**
 * Sends (part of) a request and destroys the socket at the given stage. `mid_answer` waits for the
 * first bytes of the answer (bounded by `answerWaitMs`), `awaiting_answer` a moment after the full
 * request, `at_once` 2 ms after it (curl -m 0.002).
 */
export async function hangUp(url: string, stage: HangUp, { method, target, headers = {} }: HangUpRequest, answerWaitMs = 2_000): Promise<void> {
  const socket = await openSocket(url);
  socket.on('error', () => undefined);
  const host = new URL(url).host;
  const closed = new Promise<void>((resolve) => {
    socket.once('close', () => {
      resolve();
    });
  });
  const send = (text: string | Buffer) =>
    new Promise<void>((resolve) => {
      socket.write(text, () => {
        resolve();
      });
    });
  switch (stage) {
    case 'mid_headers':
      await send(requestHead(method, target, host, headers).slice(0, -4)); // no blank line: the head never ends
      break;
    case 'mid_body':
      await send(requestHead(method, target, host, { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(64 * 1024) }));
      await send(Buffer.alloc(4 * 1024, 0x20));
      await sleep(20); // the gateway is streaming the body upstream by now (or still authenticating)
      break;
    case 'awaiting_answer':
      await send(requestHead(method, target, host, headers));
      await sleep(20);
      break;
    case 'mid_answer': {
      const firstBytes = new Promise<void>((resolve) => {
        socket.once('data', () => {
          resolve();
        });
      });
      await send(requestHead(method, target, host, headers));
      await Promise.race([firstBytes, sleep(answerWaitMs)]);
      break;
    }
    case 'at_once':
      await send(requestHead(method, target, host, headers));
      await sleep(2);
      break;
  }
  socket.destroy();
  await closed;
}
