import { randomUUID } from 'node:crypto';
import type { FieldErrors } from '@boardsync/kit/core';
import type { ComponentRow } from './component-input.ts';

/** What matching needs to know about a component already in the project. */
export interface MatchCandidate {
  id: number;
  uniqueId: string;
  type: string;
  name?: string | null | undefined;
  bookName?: string | null | undefined;
}

export interface MatchedRow<C extends MatchCandidate> {
  row: ComponentRow;
  /** The component this row updates; undefined creates one. */
  target: C | undefined;
  /** The unique_id the row ends with (the sent one, the matched row's, or a generated one). */
  uniqueId: string;
}

/** Two rulebook pages match only within the same book; everything else by name alone. */
function sameName(candidate: MatchCandidate, row: ComponentRow): boolean {
  if (candidate.name === null || candidate.name === undefined || candidate.name !== row.values.name) return false;
  return candidate.type !== 'rulebook' || (candidate.bookName ?? null) === (row.values.bookName ?? null);
}

/**
 * docs/rules.md "Component writes", matching: a row matches the component with its `unique_id`; without one it
 * matches a same-named component of the type (exact comparison, as the list's `name` filter);
 * `match_by_name` lets a same-named component be taken over even when its `unique_id` differs.
 * Each existing component is matched at most once, in id order, so a batch re-sent as it was is
 * a pure update. Rows carrying a `unique_id` are matched first, then the rest by name.
 */
export function matchRows<C extends MatchCandidate>(
  rows: readonly ComponentRow[],
  candidates: readonly C[],
  options: { type: string; matchByName: boolean; path: (index: number) => string },
): { matched: MatchedRow<C>[] } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const byUniqueId = new Map(candidates.map((candidate) => [candidate.uniqueId, candidate]));
  const sortedCandidates = [...candidates].sort((a, b) => a.id - b.id);
  const claimed = new Set<number>();
  const firstIndexOf = new Map<string, number>();
  const results = new Map<number, MatchedRow<C>>();

  const claimByName = (row: ComponentRow): C | undefined => {
    const found = sortedCandidates.find((candidate) => candidate.type === options.type && !claimed.has(candidate.id) && sameName(candidate, row));
    if (found) claimed.add(found.id);
    return found;
  };

  for (const row of rows) {
    if (row.uniqueId === undefined) continue;
    const earlier = firstIndexOf.get(row.uniqueId);
    if (earlier !== undefined) {
      errors[`${options.path(row.index)}.unique_id`] = [`"${row.uniqueId}" is also row ${String(earlier)}'s unique_id; each row needs its own`];
      continue;
    }
    firstIndexOf.set(row.uniqueId, row.index);
    const existing = byUniqueId.get(row.uniqueId);
    if (existing && existing.type !== options.type) {
      errors[`${options.path(row.index)}.unique_id`] = [`"${row.uniqueId}" belongs to a ${existing.type} in this project; one write covers one type`];
      continue;
    }
    if (existing) {
      claimed.add(existing.id);
      results.set(row.index, { row, target: existing, uniqueId: row.uniqueId });
    }
  }
  for (const row of rows) {
    if (results.has(row.index) || errors[`${options.path(row.index)}.unique_id`]) continue;
    if (row.uniqueId !== undefined) {
      const taken = options.matchByName ? claimByName(row) : undefined;
      results.set(row.index, { row, target: taken, uniqueId: row.uniqueId });
    } else {
      const found = claimByName(row);
      results.set(row.index, { row, target: found, uniqueId: found?.uniqueId ?? randomUUID() });
    }
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { matched: rows.map((row) => results.get(row.index)).filter((entry) => entry !== undefined) };
}
