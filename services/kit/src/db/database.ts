import { MikroORM as PgliteOrm } from '@mikro-orm/pglite';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM as PostgresOrm } from '@mikro-orm/postgresql';
import type { AbstractSqlDriver, EntityManager, MikroORM, Options } from '@mikro-orm/sql';
import pg from 'pg';
import type { Logger } from '../logger.ts';

export type Database = MikroORM<AbstractSqlDriver, EntityManager>;
export type Migrations = NonNullable<NonNullable<Options['migrations']>['migrationsList']>;
export type Entities = NonNullable<Options['entities']>;

export interface DatabaseSettings {
  /** `postgres://…`: a real server. Absent: PGlite, embedded, in `dataDir` (or in memory). */
  url?: string | undefined;
  dataDir?: string | undefined;
  entities: Entities;
  migrations: Migrations;
  logger: Logger;
  poolMax?: number;
}

/** MikroORM on Postgres or PGlite, whichever the settings name, with every migration applied. */
export async function openDatabase(settings: DatabaseSettings): Promise<Database> {
  const logger = settings.logger.child({ component: 'db' });
  const common = {
    entities: settings.entities,
    extensions: [Migrator],
    migrations: { migrationsList: settings.migrations, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    allowGlobalContext: false,
    ensureDatabase: false,
    logger: (message: string) => {
      logger.debug(message);
    },
  };
  // Both driver ORMs are subclasses of the SQL MikroORM; services only use that common surface.
  /* eslint-disable @typescript-eslint/no-unsafe-class-instance-assignment */
  const orm: Database = settings.url
    ? await PostgresOrm.init({ ...common, clientUrl: settings.url, pool: { min: 0, max: settings.poolMax ?? 10 } })
    : await PgliteOrm.init({ ...common, ...(settings.dataDir ? { dbName: settings.dataDir } : {}) });
  /* eslint-enable @typescript-eslint/no-unsafe-class-instance-assignment */
  const applied = settings.url ? await migrateAlone(settings.url, () => orm.migrator.up()) : await orm.migrator.up();
  if (applied.length > 0) logger.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
  return orm;
}

/** Any fixed key: the lock is per database, and only migrations take it. */
const MIGRATION_LOCK = 0x6d696772;

/**
 * Replicas starting together on a new database would each create the same tables, and all but
 * one would crash: migrations run under a session advisory lock, held on a connection of its own,
 * so the others wait and then find nothing left to apply.
 */
async function migrateAlone<T>(url: string, migrate: () => Promise<T>): Promise<T> {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    return await migrate();
  } finally {
    await lock.end();
  }
}

/** For readiness: a real round trip. */
export async function pingDatabase(orm: Database): Promise<void> {
  await orm.em.fork().execute('select 1');
}
