import { describe, expect, it } from '@jest/globals';
import Router from '@koa/router';
import { createServiceApp, serve } from '../src/index.ts';
import { testLogger } from '../src/testing.ts';

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, then refuses new connections', async () => {
    const app = createServiceApp({ service: 'drain-test', logger: testLogger('drain') });
    const router = new Router();
    router.get('/slow', async (ctx) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      ctx.body = { finished: true };
    });
    app.use(router.routes());
    const running = await serve(app, { port: 0 });
    const inFlight = fetch(`${running.url}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = running.close();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await closed;
    await expect(fetch(`${running.url}/healthz`)).rejects.toThrow();
  });
});
