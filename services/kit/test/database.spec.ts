import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migration } from '@mikro-orm/migrations';
import pg from 'pg';
import { OutboxMessage, OutboxMigration, enqueueEvents, openDatabase, pingDatabase, type DatabaseSettings } from '../src/index.ts';
import { createTestDatabase, testLogger } from '../src/testing.ts';
import { migrateDatabase } from '../src/db/database.ts';
import { executeBound } from '../src/db/bound.ts';

const logger = testLogger('database');
const schema: Pick<DatabaseSettings, 'entities' | 'migrations' | 'logger'> = { entities: [OutboxMessage], migrations: [OutboxMigration], logger };

async function writeOneAndReopen(settings: DatabaseSettings): Promise<number> {
  const first = await openDatabase(settings);
  await first.em.fork().transactional((em) => {
    enqueueEvents(em, [{ topic: 't', key: 'k', value: Buffer.from('v') }]);
  });
  await first.close();
  const second = await openDatabase(settings); // migrations must not run twice
  try {
    await pingDatabase(second);
    const applied = await second.em.fork().execute<{ n: string }[]>('select count(*) as n from mikro_orm_migrations');
    expect(Number(applied[0]?.n)).toBe(1);
    const rows = await second.em.fork().execute<{ n: string }[]>('select count(*) as n from outbox_message');
    return Number(rows[0]?.n);
  } finally {
    await second.close();
  }
}

describe('openDatabase', () => {
  it('on PGlite keeps data and migration history in its data directory across restarts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'boardsync-pglite-'));
    try {
      expect(await writeOneAndReopen({ ...schema, dataDir })).toBe(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('on Postgres keeps data and migration history across restarts', async () => {
    const database = await createTestDatabase('db');
    try {
      expect(await writeOneAndReopen({ ...schema, url: database.url })).toBe(1);
    } finally {
      await database.drop();
    }
  });

  it('on Postgres sends a bound statement as a named prepared statement: parsed once per connection, the same answers each time', async () => {
    const database = await createTestDatabase('db-prepared');
    const orm = await openDatabase({ ...schema, url: database.url });
    const text = 'select ?::int + 1 as next, ?::text as echoed';
    try {
      const answers = await orm.em.fork().transactional(async (tx) => {
        const first = await executeBound<{ next: number; echoed: string }>(tx, text, [1, 'a']);
        const second = await executeBound<{ next: number; echoed: string }>(tx, text, [41, "it's"]);
        // The same connection (the transaction's) holds the statement under its name, once.
        const held = await tx.execute<{ name: string }[]>(
          `select name from pg_prepared_statements where statement = $$select $1::int + 1 as next, $2::text as echoed$$`,
        );
        return { first, second, held: held.map((row) => row.name) };
      });
      expect(answers.first).toEqual([{ next: 2, echoed: 'a' }]);
      expect(answers.second).toEqual([{ next: 42, echoed: "it's" }]);
      expect(answers.held).toHaveLength(1);
      expect(answers.held[0]).toMatch(/^bound_\d+$/);
    } finally {
      await orm.close();
      await database.drop();
    }
  });

  it("on Postgres passes the URL's query to every pooled connection (sslmode, application_name …), not only its host and credentials", async () => {
    const database = await createTestDatabase('db-url-query');
    // Whatever query the test database's URL already carries, the parameter is added to it, not appended as a second '?'.
    const url = new URL(database.url);
    url.searchParams.set('application_name', 'boardsync-url-query-test');
    const orm = await openDatabase({ ...schema, url: url.toString() });
    try {
      const [row] = await orm.em.fork().execute<{ name: string }[]>("select current_setting('application_name') as name");
      expect(row?.name).toBe('boardsync-url-query-test');
    } finally {
      await orm.close();
      await database.drop();
    }
  });

  it('survives losing the migration lock connection while it idles: the loss is logged, not an unhandled error that ends the process', async () => {
    const database = await createTestDatabase('db-lock-lost');
    // The lock's session idles during the migration; its last statement names it in pg_stat_activity.
    class CutsTheLock extends Migration {
      override name = '20261121000001_cuts_the_lock';
      override up(): void {
        this.addSql(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query like 'select pg_try_advisory_lock%'",
        );
        this.addSql('select pg_sleep(0.5)'); // time for the lock client to see its socket close
      }
    }
    try {
      const lockLogger = testLogger('database-lock');
      const result = await migrateDatabase({ ...schema, logger: lockLogger, url: database.url, migrations: [OutboxMigration, CutsTheLock] });
      expect(result.applied).toEqual(['20261121000000_kit_outbox', '20261121000001_cuts_the_lock']);
      expect(lockLogger.lines()).toContainEqual(expect.objectContaining({ level: 'warn', msg: 'the migration lock connection failed' }));
    } finally {
      await database.drop();
    }
  });

  it('with MIGRATE_ON_START=false finds the migration history in the schema the URL names (`?schema=`), where MikroORM keeps it', async () => {
    const database = await createTestDatabase('db-url-schema');
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query('create schema tenant');
      const url = new URL(database.url);
      url.searchParams.set('schema', 'tenant');
      await (await openDatabase({ ...schema, url: url.toString() })).close();
      const history = await admin.query<{ schema: string }>(
        "select table_schema as schema from information_schema.tables where table_name = 'mikro_orm_migrations'",
      );
      expect(history.rows).toEqual([{ schema: 'tenant' }]);
      const reader = await openDatabase({ ...schema, url: url.toString(), migrate: false });
      await reader.close();
    } finally {
      await admin.end();
      await database.drop();
    }
  });
});
