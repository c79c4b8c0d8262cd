import { createServer } from 'node:net';

/**
 * A loopback port free now, for a listener whose address another service must be given before it
 * starts (auth and the webhook service ask each other). Another process could take it in the
 * moment between; then the listener fails to start and says so, as for a port in use.
 */
export async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no loopback port could be had');
  return address.port;
}
