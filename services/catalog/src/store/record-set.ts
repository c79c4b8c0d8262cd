import type { EntityManager } from '@mikro-orm/sql';
import { sql, type RawBuilder } from 'kysely';

/** A field of the rows a record set carries: its key in each row and its SQL type. */
export interface RecordField {
  key: string;
  sqlType: string;
}

/**
 * Rows as one bound JSON value, read in SQL as a typed table `r` (`json_to_recordset`): one
 * statement writes any number of rows without a placeholder per value, and the same SQL runs on
 * Postgres and PGlite. Only the fields are sent and null values are left out, since a missing key
 * reads as null: for 500 component rows that halves the JSON and saves ~7 ms on the server.
 */
export function recordSet(rows: readonly object[], fields: readonly RecordField[]): RawBuilder<unknown> {
  const sent = rows.map((row) => {
    const values: Record<string, unknown> = {};
    for (const { key } of fields) {
      const value = (row as Record<string, unknown>)[key];
      if (value !== null && value !== undefined) values[key] = value;
    }
    return values;
  });
  const definition = sql.join(fields.map((field) => sql`${sql.id(field.key)} ${sql.raw(field.sqlType)}`));
  return sql`json_to_recordset(${JSON.stringify(sent, wellFormed)}::json) as r(${definition})`;
}

/**
 * A string cut inside a surrogate pair (a tool truncating at N UTF-16 units) would travel as a lone
 * `\ud83d` escape, which Postgres refuses in JSON; sent as text it becomes U+FFFD, as it did when
 * rows were written one by one, so it does here too.
 */
const wellFormed = (_key: string, value: unknown): unknown => (typeof value === 'string' ? value.toWellFormed() : value);

/**
 * Runs a statement with bound parameters in the entity manager's transaction (or on the pool
 * outside one). MikroORM's `execute` inlines every parameter into the SQL text, escaping it
 * character by character, which costs milliseconds for the JSON of a 500-row write.
 */
export async function runSql<Row>(em: EntityManager, query: RawBuilder<Row>): Promise<Row[]> {
  return (await query.execute(em.getKysely())).rows;
}
