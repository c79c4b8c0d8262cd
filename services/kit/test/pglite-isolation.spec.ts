import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OutboxMessage, OutboxMigration, openDatabase, type Database } from '../src/index.ts';
import { testLogger } from '../src/testing.ts';

/**
 * The embedded mode's database (PGlite in memory, opened as the services open it) is one session:
 * kysely's runtime takes its one connection for a transaction's whole length (the PGlite adapter
 * says it has no other), so a statement outside the transaction waits for it instead of joining it.
 */
let orm: Database;

beforeAll(async () => {
  orm = await openDatabase({ entities: [OutboxMessage], migrations: [OutboxMigration], logger: testLogger('pglite-isolation') });
});

afterAll(async () => {
  await orm.close();
});

const insert = (key: string) => `insert into outbox_message (topic, message_key, payload, lane) values ('t', '${key}', '\\x00', 0)`;
const count = async (key: string): Promise<number> =>
  Number((await orm.em.fork().execute<{ n: number }[]>(`select count(*)::int as n from outbox_message where message_key = '${key}'`))[0]?.n);

/** A transaction that inserts a row under `key`, then waits for `release` (true: commit; false: roll back). */
function heldTransaction(key: string): { release: (commit: boolean) => void; done: Promise<unknown> } {
  let release!: (commit: boolean) => void;
  const decided = new Promise<boolean>((resolve) => (release = resolve));
  const done = orm.em.fork().transactional(async (em) => {
    await em.execute(insert(key));
    if (!(await decided)) throw new Error('rolled back on purpose');
  });
  return { release, done };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('PGlite transactions (embedded mode)', () => {
  it('runs a read outside a transaction after the transaction in progress, seeing only what it committed', async () => {
    const held = heldTransaction('committed-later');
    await settle();
    let read: number | undefined;
    const reading = count('committed-later').then((n) => (read = n));
    await settle();
    expect(read).toBeUndefined();
    held.release(true);
    await held.done;
    await reading;
    expect(read).toBe(1);
  });

  it('keeps a write outside a transaction when that transaction rolls back', async () => {
    const held = heldTransaction('rolled-back');
    await settle();
    const writing = orm.em.fork().execute(insert('written-beside'));
    await settle();
    held.release(false);
    await expect(held.done).rejects.toThrow('rolled back on purpose');
    await writing;
    expect(await count('rolled-back')).toBe(0);
    expect(await count('written-beside')).toBe(1);
  });

  it('rolls back to a savepoint inside a transaction and commits the rest', async () => {
    await orm.em.fork().transactional(async (em) => {
      await em.execute(insert('outer'));
      await expect(
        em.transactional(async (inner) => {
          await inner.execute(insert('inner'));
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
    });
    expect(await count('outer')).toBe(1);
    expect(await count('inner')).toBe(0);
  });
});
