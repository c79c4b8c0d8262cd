import { describe, expect, it } from '@jest/globals';
import { migrationsTable } from '../database.ts';

describe('migrationsTable (where MikroORM keeps the migration history)', () => {
  it("is the ORM's schema, which `?schema=` in the URL sets, else the platform's default", () => {
    expect(migrationsTable({}, 'tenant', 'public')).toEqual({ schema: 'tenant', table: 'mikro_orm_migrations' });
    expect(migrationsTable({}, undefined, 'public')).toEqual({ schema: 'public', table: 'mikro_orm_migrations' });
  });

  it('prefers migrations.schema, then the schema a qualified tableName names', () => {
    expect(migrationsTable({ schema: 'history', tableName: 'audit.migrations' }, 'tenant', 'public')).toEqual({ schema: 'history', table: 'migrations' });
    expect(migrationsTable({ tableName: 'audit.migrations' }, 'tenant', 'public')).toEqual({ schema: 'audit', table: 'migrations' });
    expect(migrationsTable({ tableName: 'migrations' }, 'tenant', 'public')).toEqual({ schema: 'tenant', table: 'migrations' });
  });
});
