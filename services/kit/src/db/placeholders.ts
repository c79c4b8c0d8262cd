/**
 * `?, ?, ?` for an `in (…)` list of `values`, bound as separate parameters (the raw `em.execute`
 * path expands no arrays). Callers skip the query when the list is empty: `in ()` is invalid SQL.
 */
export function placeholders(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ');
}

/**
 * A Postgres array literal of `values` (`{"a","b\"c",NULL}`), for one parameter cast to an array
 * type (`unnest(?::uuid[])`, `= any(?::int[])`): a whole batch in one bound value, whatever its
 * size, on node-postgres and PGlite alike. Every element but null is quoted, so commas, braces,
 * quotes, backslashes, whitespace and the word NULL in text survive.
 */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : `"${String(value).replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;
}
