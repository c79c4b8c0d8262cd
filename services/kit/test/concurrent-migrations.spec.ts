import { afterAll, describe, expect, it } from '@jest/globals';
import { OutboxMessage, OutboxMigration, openDatabase, type Database } from '../src/index.ts';
import { createTestDatabase, testLogger } from '../src/testing.ts';

describe('replicas starting together on a new database', () => {
  const opened: Database[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const orm of opened) await orm.close();
    await drop?.();
  });

  it('all start: migrations run one replica at a time, the others find nothing left to apply', async () => {
    const database = await createTestDatabase('migrate');
    drop = database.drop;
    const logger = testLogger('migrations');
    const replicas = await Promise.allSettled(
      Array.from({ length: 4 }, () => openDatabase({ url: database.url, entities: [OutboxMessage], migrations: [OutboxMigration], logger, poolMax: 2 })),
    );
    for (const replica of replicas) if (replica.status === 'fulfilled') opened.push(replica.value);
    expect(replicas.map((replica) => replica.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    const applied = logger.lines().filter((line) => line.msg === 'migrations applied');
    expect(applied).toHaveLength(1);
  });
});
