import { describe, expect, it } from '@jest/globals';
import type { ComponentRow } from '../component-input.ts';
import { matchRows, type MatchCandidate } from '../write-matching.ts';

const row = (index: number, name: string, uniqueId?: string, bookName?: string): ComponentRow => ({
  index,
  uniqueId,
  values: { name, ...(bookName ? { bookName } : {}) },
  groupNames: undefined,
  artworkOmitted: [],
});
const existing = (id: number, uniqueId: string, name: string, type = 'card', bookName: string | null = null): MatchCandidate => ({
  id,
  uniqueId,
  name,
  type,
  bookName,
});
const path = (index: number) => `components.${String(index)}`;

function matched(rows: ComponentRow[], candidates: MatchCandidate[], matchByName = false, type = 'card') {
  const result = matchRows(rows, candidates, { type, matchByName, path });
  if ('errors' in result) throw new Error(JSON.stringify(result.errors));
  return result.matched.map((entry) => [entry.row.index, entry.target?.id ?? null, entry.uniqueId]);
}

describe('matchRows', () => {
  it('matches by unique_id first, then same-named rows one each in id order, creating the rest', () => {
    const candidates = [existing(3, 'u3', 'Copper'), existing(1, 'u1', 'Copper'), existing(2, 'key', 'Gold')];
    const result = matched([row(0, 'Copper'), row(1, 'Copper'), row(2, 'Copper'), row(3, 'Renamed', 'key')], candidates);
    expect(result[0]).toEqual([0, 1, 'u1']);
    expect(result[1]).toEqual([1, 3, 'u3']);
    expect(result[2]?.[1]).toBeNull();
    expect(result[2]?.[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(result[3]).toEqual([3, 2, 'key']);
  });

  it('creates a row whose new unique_id differs from a same-named row, unless match_by_name', () => {
    const candidates = [existing(1, 'old', 'Gold')];
    expect(matched([row(0, 'Gold', 'new')], candidates)).toEqual([[0, null, 'new']]);
    expect(matched([row(0, 'Gold', 'new')], candidates, true)).toEqual([[0, 1, 'new']]);
  });

  it('never lets a name match take a row another row claims by unique_id', () => {
    const candidates = [existing(1, 'gold-key', 'Gold')];
    expect(matched([row(0, 'Gold'), row(1, 'Gold', 'gold-key')], candidates)).toEqual([
      [0, null, expect.any(String)],
      [1, 1, 'gold-key'],
    ]);
  });

  it('matches rulebook pages by name within their book only', () => {
    const candidates = [existing(1, 'a', 'Setup', 'rulebook', 'Base game'), existing(2, 'b', 'Setup', 'rulebook', 'Expansion')];
    expect(matched([row(0, 'Setup', undefined, 'Expansion')], candidates, false, 'rulebook')).toEqual([[0, 2, 'b']]);
  });

  it('ignores same-named rows of another type but refuses a unique_id held by one', () => {
    const candidates = [existing(1, 'tok', 'Gold', 'token')];
    expect(matched([row(0, 'Gold')], candidates)[0]?.[1]).toBeNull();
    expect(matchRows([row(0, 'Gold', 'tok')], candidates, { type: 'card', matchByName: false, path })).toEqual({
      errors: { 'components.0.unique_id': ['"tok" belongs to a token in this project; one write covers one type'] },
    });
  });

  it('refuses a unique_id sent twice, naming the later row', () => {
    const result = matchRows([row(0, 'A', 'x'), row(1, 'B', 'y'), row(2, 'C', 'x')], [], { type: 'card', matchByName: false, path });
    expect(result).toEqual({ errors: { 'components.2.unique_id': [expect.stringContaining('row 0')] } });
  });
});
