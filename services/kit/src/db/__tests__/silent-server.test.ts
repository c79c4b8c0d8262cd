import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OutboxMessage } from '../../outbox/outbox-message.ts';
import { OutboxMigration } from '../../outbox/outbox-migration.ts';
import { testLogger } from '../../testing.ts';
import { migrateDatabase, openDatabase, type DatabaseSettings } from '../database.ts';

// A "Postgres" that accepts connections and never says a word: a stuck server, or a black-holing network path.
const sockets = new Set<Socket>();
let silent: Server;
let url: string;

beforeAll(async () => {
  silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  url = `postgres://boardsync:secret@127.0.0.1:${String((silent.address() as AddressInfo).port)}/boardsync`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) =>
    silent.close(() => {
      resolve();
    }),
  );
});

const settings = (): DatabaseSettings & { url: string } => ({
  url,
  entities: [OutboxMessage],
  migrations: [OutboxMigration],
  logger: testLogger('silent-server'),
  connectTimeoutMs: 300,
});

async function failsWithin<T>(started: Promise<T>, boundMs: number): Promise<unknown> {
  const since = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => {
      resolve('hung');
    }, boundMs);
  });
  const outcome = await Promise.race([
    started.then(
      () => 'opened',
      (error: unknown) => error,
    ),
    hung,
  ]);
  clearTimeout(timer);
  expect(outcome).not.toBe('hung');
  expect(Date.now() - since).toBeLessThan(boundMs);
  return outcome;
}

describe('a database server that accepts connections and never answers', () => {
  it('fails a migrating start within the connect timeout instead of hanging it', async () => {
    expect(await failsWithin(openDatabase(settings()), 5_000)).toEqual(expect.objectContaining({ message: expect.stringMatching(/timeout/i) }));
  });

  it('fails `migrate` (the Job) within the connect timeout instead of hanging until its deadline', async () => {
    expect(await failsWithin(migrateDatabase(settings()), 5_000)).toEqual(expect.objectContaining({ message: expect.stringMatching(/timeout/i) }));
  });
});
