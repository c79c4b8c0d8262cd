/**
 * `?, ?, ?` for an `in (…)` list of `values`, bound as separate parameters (the raw `em.execute`
 * path expands no arrays). Callers skip the query when the list is empty: `in ()` is invalid SQL.
 */
export function placeholders(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ');
}
