import { afterAll, describe, expect, it } from '@jest/globals';
import { DatabaseSchema, type DatabaseTable } from '@mikro-orm/sql';
import { openDatabase, type Entities, type Migrations } from '@boardsync/kit/database';
import { createTestDatabase, testLogger } from '@boardsync/kit/testing';
import { entities as assetEntities } from '../services/asset/src/store/entities/index.ts';
import { migrations as assetMigrations } from '../services/asset/src/store/migrations/index.ts';
import { entities as authEntities } from '../services/auth/src/store/entities/index.ts';
import { migrations as authMigrations } from '../services/auth/src/store/migrations/index.ts';
import { entities as catalogEntities } from '../services/catalog/src/store/entities/index.ts';
import { migrations as catalogMigrations } from '../services/catalog/src/store/migrations/index.ts';
import { entities as webhookEntities } from '../services/webhook/src/store/entities/index.ts';
import { migrations as webhookMigrations } from '../services/webhook/src/store/migrations/index.ts';

/**
 * Each service's entities against the tables its migrations build, on Postgres and on PGlite: an
 * entity property whose column a migration never made (or made nullable where the entity is not,
 * or of another kind), or a migration column the entities cannot fill, fails here instead of on
 * the first write in production. The migrations are the schema's source of truth and say more than
 * the entities do (text over varchar, checks, partial indexes, triggers), so the comparison is of
 * what the ORM relies on: tables, columns, their kind, nullability and primary keys.
 */
const stores: Record<string, { entities: Entities; migrations: Migrations }> = {
  auth: { entities: authEntities, migrations: authMigrations },
  catalog: { entities: catalogEntities, migrations: catalogMigrations },
  asset: { entities: assetEntities, migrations: assetMigrations },
  webhook: { entities: webhookEntities, migrations: webhookMigrations },
};

/** Tables and columns only raw SQL reads and writes (so no entity maps them), by service. */
const RAW_SQL_ONLY: Record<string, readonly string[]> = {
  // Every service: MikroORM's own history, and the outbox relay's per-key lanes (services/kit/src/outbox).
  all: ['mikro_orm_migrations', 'outbox_lane'],
  auth: [],
  // The changes feed (services/catalog/src/store/change-log.ts): numbered, read and pruned in SQL; the
  // Idempotency-Key records (services/kit/src/idempotency/idempotency-records.ts), as in every service that honours the key.
  catalog: ['change', 'change_head', 'change_event', 'idempotency_record'],
  // services/asset/src/store: internalize-jobs.ts, storage-ledger.ts; and the kit's Idempotency-Key records.
  asset: ['idempotency_record', 'internalize_job', 'storage_reservation', 'storage_usage'],
  webhook: [
    // The kit's Idempotency-Key records (services/kit/src/idempotency/idempotency-records.ts).
    'idempotency_record',
    // The fan-out's record of events already fanned out (services/webhook/src/store/event-deliveries.ts).
    'fanned_out_event',
    // The claim's tie-break among deliveries queued in one transaction, an identity column.
    'delivery.queued_seq',
    // The fan-out writes it, the delivery worker reads it (services/webhook/src/store/event-deliveries.ts).
    'delivery.traceparent',
  ],
};

/** What the ORM relies on of a column's type: its kind, not its spelling (int4/int/serial, text/varchar(n)). */
function kind(type: string): string {
  const bare = type
    .toLowerCase()
    .replace(/\(.*\)/, '')
    .trim();
  const kinds: Record<string, string> = {
    int: 'integer',
    int2: 'integer',
    int4: 'integer',
    int8: 'integer',
    integer: 'integer',
    smallint: 'integer',
    bigint: 'integer',
    serial: 'integer',
    bigserial: 'integer',
    smallserial: 'integer',
    real: 'float',
    float4: 'float',
    float8: 'float',
    double: 'float',
    'double precision': 'float',
    numeric: 'float',
    text: 'string',
    varchar: 'string',
    'character varying': 'string',
    char: 'string',
    character: 'string',
    bool: 'boolean',
    boolean: 'boolean',
    timestamptz: 'timestamptz',
    'timestamp with time zone': 'timestamptz',
  };
  return kinds[bare] ?? bare;
}

interface Disagreement {
  table: string;
  column?: string;
  entity?: string;
  migrations?: string;
}

function describeColumn(column: { type: string; nullable?: boolean; primary?: boolean }): string {
  return `${kind(column.type)}${column.nullable === true ? ' null' : ' not null'}${column.primary === true ? ' primary' : ''}`;
}

/** Every way the entities' schema and the migrated database differ in what the ORM relies on. */
function disagreements(entities: DatabaseSchema, migrated: DatabaseSchema, rawSqlOnly: ReadonlySet<string>): Disagreement[] {
  const found: Disagreement[] = [];
  const mapped = new Set<string>();
  for (const table of entities.getTables()) {
    mapped.add(table.name);
    const real = migrated.getTable(table.name);
    if (!real) {
      found.push({ table: table.name, migrations: 'no such table' });
      continue;
    }
    found.push(...columnDisagreements(table, real, rawSqlOnly));
  }
  for (const table of migrated.getTables()) {
    if (!mapped.has(table.name) && !rawSqlOnly.has(table.name)) found.push({ table: table.name, entity: 'no entity' });
  }
  return found;
}

function columnDisagreements(entity: DatabaseTable, real: DatabaseTable, rawSqlOnly: ReadonlySet<string>): Disagreement[] {
  const found: Disagreement[] = [];
  for (const column of entity.getColumns()) {
    const built = real.getColumn(column.name);
    const [wanted, made] = [describeColumn(column), built ? describeColumn(built) : 'no such column'];
    if (wanted !== made) found.push({ table: entity.name, column: column.name, entity: wanted, migrations: made });
  }
  for (const column of real.getColumns()) {
    if (!entity.getColumn(column.name) && !rawSqlOnly.has(`${real.name}.${column.name}`)) {
      found.push({ table: real.name, column: column.name, entity: 'not mapped', migrations: describeColumn(column) });
    }
  }
  return found;
}

/** The schema the entities describe and the one the migrations built, as MikroORM reads both. */
async function schemaDisagreements(service: string, url: string | undefined): Promise<Disagreement[]> {
  const store = stores[service] ?? { entities: [], migrations: [] };
  const orm = await openDatabase({ ...store, url, logger: testLogger('schema-agreement') });
  try {
    const described = orm.schema.getTargetSchema();
    const driver = orm.em.getDriver();
    const built = await DatabaseSchema.create(driver.getConnection(), driver.getPlatform(), orm.config);
    return disagreements(described, built, new Set([...(RAW_SQL_ONLY.all ?? []), ...(RAW_SQL_ONLY[service] ?? [])]));
  } finally {
    await orm.close();
  }
}

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

describe.each(Object.keys(stores))('the %s entities and migrations', (service) => {
  it('agree on Postgres', async () => {
    const database = await createTestDatabase(`schema_${service}`);
    drops.push(database.drop);
    expect(await schemaDisagreements(service, database.url)).toEqual([]);
  });

  it('agree on PGlite', async () => {
    expect(await schemaDisagreements(service, undefined)).toEqual([]);
  });
});
