/**
 * `?, ?, ?` for an `in (…)` list of `values`, bound as separate parameters (the raw `em.execute`
 * path expands no arrays). Callers skip the query when the list is empty: `in ()` is invalid SQL.
 */
export function placeholders(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ');
}

/**
 * A Postgres array literal of `values` (`{"a","b\"c"}`), for one parameter cast to an array type
 * (`unnest(?::uuid[])`, `= any(?::int[])`): a whole batch in one bound value, whatever its size,
 * on node-postgres and PGlite alike. Every element is quoted, so commas, braces, quotes,
 * backslashes and whitespace in text survive; no element is null.
 */
export function arrayLiteral(values: readonly (string | number)[]): string {
  return `{${values.map((value) => `"${String(value).replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}
