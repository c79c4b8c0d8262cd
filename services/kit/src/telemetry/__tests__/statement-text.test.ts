import { describe, expect, it } from '@jest/globals';
import { statementWithoutLiterals } from '../statement-text.ts';

describe('an SQL statement as a span shows it', () => {
  it('keeps keywords, identifiers, quoted identifiers and placeholders, and puts ? for every string and number', () => {
    expect(
      statementWithoutLiterals(
        `insert into "webhook" ("url", "secret_sealed", "designer_id") values ('https://user:pa''ss@hooks.example/x?token=abc', E'se\\'cret', 42) returning "id"`,
      ),
    ).toBe('insert into "webhook" ("url", "secret_sealed", "designer_id") values (?, ?, ?) returning "id"');
    expect(statementWithoutLiterals(`select "e0".* from "user" as "e0" where "e0"."email" = 'ada@example.com' and "e0"."id" in (1, 2.5, 3e10) limit 1`)).toBe(
      'select "e0".* from "user" as "e0" where "e0"."email" = ? and "e0"."id" in (?, ?, ?) limit ?',
    );
  });

  it('hides dollar-quoted, bit, hex and Unicode strings and comments, and keeps $1 and identifiers with digits', () => {
    const shown = statementWithoutLiterals(
      `select $1::int, t2.c3, $tag$s3cret$tag$, $$also$$ -- 'note'\nfrom t2 /* 'hint' */ where a = X'FF' and b = U&'d\\0061'`,
    );
    expect(shown).toBe('select $1::int, t2.c3, ?, ?  \nfrom t2   where a = ? and b = ?');
  });

  it('shows nothing of a statement whose quote no literal closes', () => {
    expect(statementWithoutLiterals(`update "user" set "password_hash" = 'scrypt$1$abc`)).toBeUndefined();
  });

  it('leaves a quote inside a quoted identifier alone', () => {
    expect(statementWithoutLiterals(`select "it's" from t where x = 'v'`)).toBe(`select "it's" from t where x = ?`);
  });
});
