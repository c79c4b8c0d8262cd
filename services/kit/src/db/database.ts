import { Migrator } from '@mikro-orm/migrations';
import type { AbstractSqlDriver, EntityManager, MikroORM, Options } from '@mikro-orm/sql';
import pg from 'pg';
import { ConfigError } from '../config.ts';
import type { Logger } from '../logger.ts';
import { prepareNamedStatements } from './prepared-statements.ts';

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
  /** How long a new connection (pooled, or the migration lock's) may take before it fails; 10 s. Tests shorten it. */
  connectTimeoutMs?: number;
  /**
   * True (the default): apply pending migrations before opening. False: someone else migrates
   * (`node src/main.ts migrate`, a Helm hook Job); opening fails with `PendingMigrations` while any
   * is pending, and the check only reads, so a role without DDL privileges can run the service.
   */
  migrate?: boolean;
}

/**
 * The database is behind the code and this process was told not to migrate it: a deployment
 * order problem, so a `ConfigError` (main.ts exits 78 with this message).
 */
export class PendingMigrations extends ConfigError {
  readonly pending: readonly string[];

  constructor(pending: readonly string[]) {
    super(
      `${String(pending.length)} pending migration(s): ${pending.join(', ')}. MIGRATE_ON_START=false, so this process does not apply them: ` +
        'run `node src/main.ts migrate` (the chart runs it as its pre-install/pre-upgrade Job) first',
    );
    this.pending = pending;
  }
}

/** MikroORM on Postgres or PGlite, whichever the settings name, with every migration applied (or, with `migrate: false`, required applied). */
export async function openDatabase(settings: DatabaseSettings): Promise<Database> {
  const logger = settings.logger.child({ component: 'db' });
  const orm = await connect(settings, logger);
  try {
    if (settings.migrate === false) {
      const pending = await pendingMigrations(orm, settings.migrations);
      if (pending.length > 0) throw new PendingMigrations(pending);
    } else {
      const applied = await applyMigrations(orm, settings, logger);
      if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
    }
  } catch (error) {
    await orm.close();
    throw error;
  }
  return orm;
}

/** For `node src/main.ts migrate`: applies what is pending on the Postgres server at `url`, under the same lock as the services, and says what. */
export async function migrateDatabase(settings: DatabaseSettings & { url: string }): Promise<{ applied: string[]; known: number }> {
  const logger = settings.logger.child({ component: 'db' });
  const orm = await connect(settings, logger);
  try {
    return { applied: await applyMigrations(orm, settings, logger), known: settings.migrations.length };
  } finally {
    await orm.close();
  }
}

async function connect(settings: DatabaseSettings, logger: Logger): Promise<Database> {
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
  // Each driver is imported only when chosen: a deployed service never loads PGlite, nor `npm start`
  // the Postgres driver (bench/idle-rss.ts). Both driver ORMs are subclasses of the SQL MikroORM;
  // services only use that common surface.
  /* eslint-disable @typescript-eslint/no-unsafe-class-instance-assignment */
  if (!settings.url) {
    const { MikroORM: PgliteOrm } = await import('@mikro-orm/pglite');
    const { openPglite } = await import('./pglite/open-pglite.ts');
    return await PgliteOrm.init({
      ...common,
      driverOptions: await openPglite(settings.dataDir),
      ...(settings.dataDir ? { dbName: settings.dataDir } : {}),
    });
  }
  const { MikroORM: PostgresOrm } = await import('@mikro-orm/postgresql');
  return await PostgresOrm.init({
    ...common,
    clientUrl: settings.url,
    pool: { min: 0, max: settings.poolMax ?? 10 },
    // MikroORM reads only host, port, user, password and database from clientUrl; handing pg the whole
    // URL too keeps its query (sslmode, sslrootcert, application_name, options …) for the pool's connections.
    driverOptions: {
      connectionString: settings.url,
      connectionTimeoutMillis: settings.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      onPoolCreated: prepareNamedStatements,
    },
  });
  /* eslint-enable @typescript-eslint/no-unsafe-class-instance-assignment */
}

/** A server that does not answer a new connection within this fails the query instead of hanging it. */
const CONNECT_TIMEOUT_MS = 10_000;

async function applyMigrations(orm: Database, settings: DatabaseSettings, logger: Logger): Promise<string[]> {
  const { url, connectTimeoutMs = CONNECT_TIMEOUT_MS } = settings;
  const applied = url ? await migrateAlone(url, connectTimeoutMs, () => orm.migrator.up(), logger) : await orm.migrator.up();
  return applied.map((migration) => migration.name);
}

/** Any fixed key: the lock is per database, and only migrations take it. */
const MIGRATION_LOCK = 0x6d696772;

/**
 * Replicas starting together on a new database would each create the same tables, and all but
 * one would crash: migrations run under a session advisory lock, held on a connection of its own,
 * so the others wait and then find nothing left to apply. The `migrate` command takes the same
 * lock, so a Job beside running replicas (or a retried Job beside its first try) is safe too.
 * The lock's connection is the first this process opens: bounded like the pool's, so a server that
 * never answers fails the start (or the Job) instead of hanging it; kept alive, since it idles for
 * as long as the migrations take; and listened to, since a connection lost while idle is emitted
 * as an `error`, which unheard would end the process.
 */
async function migrateAlone<T>(url: string, connectTimeoutMs: number, migrate: () => Promise<T>, logger: Logger): Promise<T> {
  const lock = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs, keepAlive: true });
  lock.on('error', (error) => {
    logger.warn({ err: error }, 'the migration lock connection failed');
  });
  await lock.connect(); // on failure (a timeout too) pg has already closed its socket
  try {
    const [first] = (await lock.query<{ taken: boolean }>('select pg_try_advisory_lock($1) as taken', [MIGRATION_LOCK])).rows;
    if (!first?.taken) {
      logger.info('another process is migrating this database; waiting for it');
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    }
    return await migrate();
  } finally {
    await lock.end();
  }
}

/**
 * The listed migrations the database has not recorded, in order. Read-only on purpose, unlike
 * MikroORM's `getPending()`, which creates its bookkeeping table when it is missing: a service
 * told not to migrate may run as a role without DDL privileges.
 */
export async function pendingMigrations(orm: Database, migrations: Migrations): Promise<string[]> {
  const connection = orm.em.getConnection();
  await connection.ensureConnection(); // a `?schema=` in the URL reaches the ORM's config on connecting
  const platform = orm.em.getPlatform();
  const { schema, table } = migrationsTable(orm.config.get('migrations'), orm.config.get('schema'), platform.getDefaultSchemaName());
  const qualified = (schema ? `${platform.quoteIdentifier(schema)}.` : '') + platform.quoteIdentifier(table);
  const [found] = await connection.execute<{ present: boolean }[]>('select to_regclass(?) is not null as present', [qualified]);
  const recorded = found?.present ? await connection.execute<{ name: string }[]>(`select name from ${qualified}`) : [];
  const done = new Set(recorded.map((row) => withoutExtension(row.name)));
  return migrations.map((migration) => migrationName(orm, migration)).filter((name) => !done.has(name));
}

/**
 * Where MikroORM keeps its migration history, resolved as its MigrationStorage does: the schema of
 * a `schema.table` tableName, else `migrations.schema`, else the ORM's schema (which `?schema=` in
 * the URL sets), else the platform's default (`public`). Looking elsewhere, a service told not to
 * migrate would find no history and refuse to start on a fully migrated database.
 */
export function migrationsTable(
  options: { tableName?: string | undefined; schema?: string | undefined },
  ormSchema: string | undefined,
  defaultSchema: string | undefined,
): { schema: string | undefined; table: string } {
  const parts = (options.tableName ?? 'mikro_orm_migrations').split('.');
  const qualifier = parts.length > 1 ? parts[0] : undefined;
  const table = (parts.length > 1 ? parts[1] : parts[0]) ?? 'mikro_orm_migrations';
  return { schema: options.schema ?? qualifier ?? ormSchema ?? defaultSchema, table };
}

/** The name MikroORM records for a listed migration: the given name, else the instance's `name`, else the class name. */
function migrationName(orm: Database, migration: Migrations[number]): string {
  if (typeof migration !== 'function') return withoutExtension(migration.name);
  const instance = new migration(orm.em.getDriver(), orm.config) as { name?: string };
  return withoutExtension(instance.name ?? migration.name);
}

function withoutExtension(name: string): string {
  return name.replace(/\.[jt]s$/, '');
}

/** For readiness: a real round trip. */
export async function pingDatabase(orm: Database): Promise<void> {
  await orm.em.fork().execute('select 1');
}
