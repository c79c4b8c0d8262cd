import { PGlite } from '@electric-sql/pglite';
import { createPostgreSqlTypeParsers } from '@mikro-orm/sql';
import { PGliteDialect } from 'kysely';
import array from 'postgres-array';
import { PreparedPglite } from './prepared-pglite.ts';

/**
 * PGlite in `dataDir` (in memory without one) as MikroORM would open it (its type parsers: dates,
 * timestamps and intervals stay text), behind {@link PreparedPglite}; the kysely dialect over it is
 * what MikroORM is given as `driverOptions`. Closing the ORM closes it.
 */
export async function openPglite(dataDir: string | undefined): Promise<PGliteDialect> {
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    parsers: createPostgreSqlTypeParsers((text) => array.parse(text)),
  });
  return new PGliteDialect({ pglite: new PreparedPglite(pglite) });
}
