import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { eventually, testLogger } from '../../testing.ts';
import { bodyParser, createServiceApp } from '../app.ts';
import { serve, type RunningServer } from '../serve.ts';

const logger = testLogger('hang-up-test');
let server: RunningServer;
// Resolved when a request reaches the route, so the client hangs up at a known point and not by timing.
const arrived = new Map<string, () => void>();

const signalArrival = (ctx: Context) => arrived.get(ctx.get('x-probe'))?.();
const socketClosed = (ctx: Context) =>
  new Promise<void>((resolve) => {
    if (ctx.req.socket.destroyed) resolve();
    else ctx.req.socket.once('close', resolve);
  });

beforeAll(async () => {
  const app = createServiceApp({ service: 'hang-up-test', logger, jsonLimit: false });
  const router = new Router();
  const echo = (ctx: Context) => {
    ctx.body = { received: ctx.request.body };
  };
  // Like a route that authenticates (awaits) before reading its body: the client may be gone by then.
  router.post(
    '/after-auth',
    async (ctx: Context, next: Next) => {
      signalArrival(ctx);
      await socketClosed(ctx);
      await next();
    },
    bodyParser(64 * 1024),
    echo,
  );
  router.post(
    '/reading',
    async (ctx: Context, next: Next) => {
      signalArrival(ctx);
      await next();
    },
    bodyParser(64 * 1024),
    echo,
  );
  app.use(router.routes());
  server = await serve(app, { port: 0 });
});
afterAll(async () => {
  await server.close();
});

/** Sends a JSON request head and part of its body, waits until the route has it, then hangs up. */
async function hangUpMidBody(path: string, probe: string): Promise<void> {
  const reached = new Promise<void>((resolve) => arrived.set(probe, resolve));
  const socket = connect(server.port, '127.0.0.1');
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      resolve();
    }),
  );
  socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Probe: ${probe}\r\nContent-Type: application/json\r\nContent-Length: 4096\r\n\r\n{"partial":`);
  await reached;
  socket.destroy();
  await closed;
}

const accessLine = (path: string) => logger.lines().find((line) => line.msg === 'request' && line.path === path);

describe('a client that hangs up while its JSON body is being read', () => {
  it.each([
    ['before the body parser starts (the stream is no longer readable)', '/after-auth', 'stream.not.readable'],
    ['while the body parser reads', '/reading', 'request.aborted'],
  ])('%s is logged as the client closing, never as an unhandled error', async (_when, path, reason) => {
    await hangUpMidBody(path, reason);
    const line = await eventually(() => accessLine(path), 5_000, `the access-log line for ${path}`);
    expect(line).toMatchObject({ status: 499 });
    expect(logger.lines()).toContainEqual(expect.objectContaining({ level: 'info', msg: 'client closed the request', reason }));
    expect(logger.lines().filter((entry) => entry.level === 'error')).toEqual([]);
  });
});
