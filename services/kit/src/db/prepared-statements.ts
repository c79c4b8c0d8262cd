import type { Pool, PoolClient } from 'pg';

// Named prepared statements for the bound statements (db/bound.ts) on a real Postgres server.

/** More distinct texts than this are sent unnamed: each name is a plan held on every connection. */
const MAX_NAMED = 64;

/** Each bound statement's text and its name, the same on every connection of this process. */
const names = new Map<string, string>();

/**
 * Has `text` (a statement with `$n` parameters whose text never changes) sent as a named prepared
 * statement from now on: parsed and planned once per connection, then bound and executed. The
 * hot statements of the delivery worker, the fan-out and the relay run many times a second, and
 * their parse and plan cost more than their execution on a small batch (pg_stat_statements).
 */
export function namePreparedStatement(text: string): void {
  if (names.has(text) || names.size >= MAX_NAMED) return;
  names.set(text, `bound_${String(names.size + 1)}`);
}

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * MikroORM's `onPoolCreated`: every connection of the pool sends the texts named by
 * {@link namePreparedStatement} as named statements (node-postgres prepares a name once per
 * connection). Kysely calls `query(text, values)`; anything else passes through untouched.
 */
export function prepareNamedStatements(pool: Pool): void {
  pool.on('connect', (client: PoolClient) => {
    const query = client.query.bind(client) as Query;
    const named: Query = (config, values, callback) => {
      const name = typeof config === 'string' && Array.isArray(values) ? names.get(config) : undefined;
      return name === undefined ? query(config, values, callback) : query({ name, text: config, values }, callback);
    };
    client.query = named as PoolClient['query'];
  });
}
