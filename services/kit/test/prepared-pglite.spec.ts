import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { PGlite } from '@electric-sql/pglite';
import { createPostgreSqlTypeParsers } from '@mikro-orm/sql';
import array from 'postgres-array';
import { PreparedPglite } from '../src/db/pglite/prepared-pglite.ts';

/** The embedded mode's PGlite (in memory) behind PreparedPglite, beside the same PGlite asked directly: both must answer alike. */
let pglite: PGlite;
let prepared: PreparedPglite;

beforeAll(async () => {
  pglite = await PGlite.create({ parsers: createPostgreSqlTypeParsers((text) => array.parse(text)) });
});

// Each test starts from an empty table and a new layer, with nothing prepared on the server.
beforeEach(async () => {
  await pglite.exec(`deallocate all; drop table if exists item;
    create table item (id serial primary key, name text unique not null, tags text[], at timestamptz, body bytea, doc jsonb, ok boolean)`);
  prepared = new PreparedPglite(pglite, 3);
});

afterAll(async () => {
  await prepared.close();
});

const insert = 'insert into item (name, tags, at, body, doc, ok) values ($1, $2, $3, $4, $5, $6) returning *';
const row = (name: string) => [name, ['a', 'b,c'], '2026-11-26T10:00:00.000Z', Buffer.from([0, 1, 255]), JSON.stringify({ n: 1 }), true];

describe('PreparedPglite', () => {
  it('answers a bound statement as PGlite does (rows, types, affected rows, fields), preparing it once', async () => {
    const mine = await prepared.query(insert, row('one'), { rowMode: 'object' });
    const theirs = await pglite.query(insert, row('two'), { rowMode: 'object' });
    expect(mine.rows).toEqual([{ ...(theirs.rows[0] as object), id: 1, name: 'one' }]);
    expect(mine.affectedRows).toBe(1);
    expect(mine.fields).toEqual(theirs.fields);
    expect(prepared.preparedCount).toBe(1);

    const again = await prepared.query<{ name: string }>('select name from item where id = any($1::int[]) order by id', [[1, 2]]);
    await prepared.query('select name from item where id = any($1::int[]) order by id', [[2]]);
    expect(again.rows.map((found) => found.name)).toEqual(['one', 'two']);
    expect(prepared.preparedCount).toBe(2);
  });

  it('passes nulls and counts every row an update touched', async () => {
    await prepared.query(insert, [...row('one').slice(0, 1), null, null, null, null, null]);
    await prepared.query(insert, row('two'));
    const updated = await prepared.query('update item set ok = $1 where ok is distinct from $1', [false]);
    expect(updated.affectedRows).toBe(2);
    const nulls = await prepared.query<Record<string, unknown>>('select tags, at, body, doc, ok from item where name = $1', ['one']);
    expect(nulls.rows).toEqual([{ tags: null, at: null, body: null, doc: null, ok: false }]);
  });

  it('prepares a statement without parameters the second time it comes, never the first', async () => {
    await prepared.query('select count(*)::int as n from item');
    expect(prepared.preparedCount).toBe(0);
    const second = await prepared.query<{ n: number }>('select count(*)::int as n from item');
    expect(second.rows).toEqual([{ n: 0 }]);
    expect(prepared.preparedCount).toBe(1);
    // Not a statement it prepares: PGlite runs it as it is, however often.
    await prepared.query('set search_path to public');
    await prepared.query('set search_path to public');
    expect(prepared.preparedCount).toBe(1);
  });

  it('keeps at most its bound of statements, preparing one pushed out again when it returns', async () => {
    for (const column of ['id', 'name', 'ok', 'tags', 'id']) {
      const found = await prepared.query(`select ${column} from item where id > $1`, [0]);
      expect(found.rows).toEqual([]);
    }
    expect(prepared.preparedCount).toBe(3);
    const names = await pglite.query<{ name: string }>('select name from pg_prepared_statements order by name');
    expect(names.rows).toHaveLength(3);
  });

  it('reports an error with its SQLSTATE and stays usable; in a transaction the error rolls it all back', async () => {
    await prepared.query(insert, row('one'));
    await expect(prepared.query(insert, row('one'))).rejects.toMatchObject({ code: '23505' });
    await expect(
      prepared.transaction(async (tx) => {
        await tx.query(insert, row('two'));
        await tx.query(insert, row('one'));
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const names = await prepared.query<{ name: string }>('select name from item where id > $1 order by id', [0]);
    expect(names.rows.map((found) => found.name)).toEqual(['one']);
  });

  it('runs a statement outside a transaction only once the transaction in progress has ended', async () => {
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    const transaction = prepared.transaction(async (tx) => {
      await tx.query(insert, row('inside'));
      await committed;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = prepared.query<{ n: number }>('select count(*)::int as n from item where name = $1', ['inside']);
    let answered = false;
    void outside.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    commit();
    await transaction;
    expect((await outside).rows).toEqual([{ n: 1 }]);
  });
});
