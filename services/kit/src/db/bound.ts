import type { EntityManager } from '@mikro-orm/sql';
import { CompiledQuery, type Kysely } from 'kysely';
import { namePreparedStatement } from './prepared-statements.ts';

/**
 * Runs `sql` with its values bound by the driver (`$1`, `$2`, … on the wire), in the manager's
 * transaction when it has one; `?` marks each value, as with `em.execute`, which instead escapes
 * every value into the statement's text. For a statement that carries a batch (hundreds of
 * delivery bodies), that escaping and the server's parsing of the text cost more than the work.
 * No `?` may appear in `sql` but the placeholders (no jsonb `?` operators).
 */
export async function executeBound<Row>(em: EntityManager, sql: string, values: readonly unknown[]): Promise<Row[]> {
  let count = 0;
  const numbered = sql.replace(/\?/g, () => `$${String(++count)}`);
  if (count !== values.length) throw new Error(`a bound statement has ${String(count)} placeholders for ${String(values.length)} values`);
  namePreparedStatement(numbered);
  const runner = em.getTransactionContext<Kysely<unknown>>() ?? em.getConnection().getClient<unknown>();
  const result = await runner.executeQuery<Row>(CompiledQuery.raw(numbered, [...values]));
  return [...result.rows];
}
