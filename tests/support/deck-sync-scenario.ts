import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@jest/globals';
import type { RunningSystem } from './running-system.ts';

/** One run of a deck-sync sample: its JSON line, and what it told the user on stderr. */
export interface DeckSyncRun {
  result: Record<string, unknown>;
  stderr: string;
}

/**
 * The guide's deck-sync sample as the guide says it behaves, in whichever language `sync` runs it
 * (docs/examples/deck-sync): it creates the project and its decks; while it is offline another
 * tool of the same designer renames a card and the sheet changes; the next run names that card
 * among what changed since the last sync, and a run after that reports nothing (its own writes
 * are not reported back). `sync` runs the sample on `folder`'s cards.csv with the given variables.
 */
export async function deckSyncScenario(
  system: RunningSystem,
  designerId: number,
  folder: string,
  sync: (extra?: Record<string, string>) => DeckSyncRun,
): Promise<void> {
  const first = sync().result as { project: number };
  expect(first).toMatchObject({ created: 3, updated: 0, deleted: 0, decks: { Weather: 2, Storms: 1, Calm: 1 }, changes_since_last_sync: 0 });
  const again = { BOARDSYNC_PROJECT: String(first.project) };

  // While the sheet tool is offline, another tool (a token of its own, the same designer) renames a card.
  const other = await system.personalToken(['components:write'], designerId);
  const edited = await fetch(`${system.gateway}/api/v1/projects/${String(first.project)}/components/batch`, {
    method: 'POST',
    headers: { authorization: `Bearer ${other}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'card', components: [{ unique_id: 'gust', name: 'Gust of Wind' }] }),
  });
  expect(edited.ok).toBe(true);
  // The sheet loses a row and a card changes deck: the same ids update in place, the lost row goes.
  await writeFile(join(folder, 'cards.csv'), 'id,name,copies,deck,art\ngust,Gust,4,Storms,\nsquall,Squall,2,Weather|Storms,\n');
  const second = sync(again);
  expect(second.result).toMatchObject({ project: first.project, created: 0, updated: 2, deleted: 1, decks: { Weather: 1, Storms: 2 } });
  expect(second.result.changes_since_last_sync).toBeGreaterThanOrEqual(1);
  expect(second.stderr).toContain('since last sync: component gust updated');

  // Nothing written by others since: its own writes of the last run are not reported back.
  const third = sync(again);
  expect(third.result).toMatchObject({ created: 0, updated: 2, deleted: 0, changes_since_last_sync: 0 });
  expect(third.stderr).not.toContain('since last sync: component');
}
