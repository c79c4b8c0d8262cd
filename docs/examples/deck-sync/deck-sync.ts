// A deck sync, as a card-generator tool runs it: the rows of a spreadsheet exported as CSV become a
// project's cards, keyed on the sheet's own ids, so running it again updates in place and a row
// deleted from the sheet is deleted from the project.
//
//   npm install @boardsync/client
//   BOARDSYNC_URL=https://boardsync.example BOARDSYNC_TOKEN=bsp_… node deck-sync.ts cards.csv
//
// (Node 22.18 or later runs TypeScript as it is; with older Node, rename it deck-sync.mts and run it
// through tsx.) BOARDSYNC_PROJECT names the project to sync; without it one is created, and its id
// printed for the next run. The token needs projects:write, components:read and components:write.
//
// The sheet may be out of date: other tools (the editor, a simulator) write to the project while this
// one is not running. Each run keeps its place in the account's changes feed in a file beside the
// sheet (cards.csv.cursor), and the next run first reports on stderr what changed in boardsync since
// then, before the sheet overwrites it: `since last sync: component gust updated`. Reading the feed
// needs components:read alone (cards and decks); changes the token may not see are passed over.
import { readFile, writeFile } from 'node:fs/promises';
import { BatchWriteError, BoardsyncError, createBoardsyncClient, unwrap, type Change, type ComponentRow } from '@boardsync/client';

const [csvFile] = process.argv.slice(2);
const { BOARDSYNC_URL: baseUrl, BOARDSYNC_TOKEN: token, BOARDSYNC_PROJECT: projectId } = process.env;
if (!csvFile || !baseUrl || !token) {
  console.error('usage: BOARDSYNC_URL=… BOARDSYNC_TOKEN=bsp_… [BOARDSYNC_PROJECT=id] node deck-sync.ts cards.csv');
  process.exit(2);
}

/** The sheet: a header row `id,name,copies,deck,art`, then one card a row (no commas inside a cell). */
function cardsOf(csv: string): ComponentRow<'card'>[] {
  const [header = '', ...lines] = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
  const columns = header.split(',').map((column) => column.trim());
  return lines.map((line) => {
    const values = line.split(',');
    const cells = Object.fromEntries(columns.map((column, index) => [column, values[index]?.trim()]));
    // Cells go as they are: the service reads "3" as 3, a blank as no value, "A|B" as two decks.
    return { unique_id: cells.id ?? '', name: cells.name ?? '', quantity: cells.copies, deck_names: cells.deck, image_url: cells.art };
  });
}

const boardsync = createBoardsyncClient({ baseUrl, auth: token, timeoutMs: 20_000 });
const cards = cardsOf(await readFile(csvFile, 'utf8'));
const stateFile = `${csvFile}.cursor`;

/** The project's changes after `cursor`, page by page until `has_more` is false, and the cursor to go on from. */
async function changesAfter(after: string, project: number): Promise<{ changes: Change[]; cursor: string }> {
  const changes: Change[] = [];
  let cursor = after;
  for (;;) {
    const page = await boardsync.changes.list({ after: cursor, project });
    changes.push(...page.data);
    cursor = page.meta.cursor;
    if (!page.meta.has_more) return { changes, cursor };
  }
}

/** `component gust updated`: a component by the sheet's own id, anything else by its name. */
function described(change: Change): string {
  const named = change.data !== null && 'name' in change.data && typeof change.data.name === 'string' ? change.data.name : `#${String(change.id)}`;
  return `${change.resource} ${change.unique_id ?? named} ${change.action}`;
}

/**
 * Reports what changed since the cursor the last run saved; returns where this run reads on from,
 * and how many changes it reported. The first run starts from the head, taken before it writes.
 */
async function catchUp(project: number): Promise<{ cursor: string; reported: number }> {
  const saved = await readFile(stateFile, 'utf8').catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  });
  if (saved === undefined) return { cursor: await boardsync.changes.head(), reported: 0 };
  try {
    const { changes, cursor } = await changesAfter(saved.trim(), project);
    for (const change of changes) console.error(`since last sync: ${described(change)}`);
    console.error(`since last sync: ${String(changes.length)} change${changes.length === 1 ? '' : 's'} in boardsync`);
    return { cursor, reported: changes.length };
  } catch (error) {
    // 410: offline for longer than boardsync keeps changes (30 days); 400: the file is another account's.
    if (!(error instanceof BoardsyncError) || !['cursor_expired', 'invalid_cursor'].includes(error.code)) throw error;
    console.error(`since last sync: not known (${error.code}); going on from now`);
    return { cursor: await boardsync.changes.head(), reported: 0 };
  }
}

const project = projectId ? Number(projectId) : unwrap(await boardsync.api.POST('/api/v1/projects', { body: { name: 'Deck sync' } })).data.id;
if (!projectId) console.error(`created project ${String(project)}: set BOARDSYNC_PROJECT=${String(project)} to sync it again`);
const since = await catchUp(project);

try {
  const result = await boardsync.writeComponents(
    project,
    { type: 'card', components: cards, remove_missing: true },
    {
      onProgress: ({ written, total }) => {
        console.error(`written ${String(written)} of ${String(total)}`);
      },
    },
  );
  for (const problem of result.errors) console.error(`row ${String(problem.index)} (${problem.unique_id}): ${problem.message}`);
  // Read on past this run's own writes, so that the next run does not report them back. A personal
  // token's changes name no app to tell them apart by, so a change another tool commits during these
  // few seconds is taken as this run's own, and not reported.
  await writeFile(stateFile, (await changesAfter(since.cursor, project)).cursor);
  const decks = unwrap(
    await boardsync.api.GET('/api/v1/projects/{project}/groups', { params: { path: { project }, query: { kind: 'deck', include_members: 'true' } } }),
  ).data;
  console.log(
    JSON.stringify({
      project,
      created: result.created,
      updated: result.updated,
      deleted: result.deleted,
      decks: Object.fromEntries(decks.map((deck) => [deck.name, deck.member_count])),
      changes_since_last_sync: since.reported,
    }),
  );
} catch (error) {
  // A refused row names its field: `components.3.quantity: may not be negative`.
  if (error instanceof BatchWriteError) console.error(`rows from ${String(error.firstRow)} were refused; those before are written`);
  const refusal = error instanceof BatchWriteError ? error.cause : error;
  if (!(refusal instanceof BoardsyncError)) throw error;
  console.error(refusal.message);
  for (const [field, messages] of Object.entries(refusal.fieldErrors)) console.error(`  ${field}: ${messages.join('; ')}`);
  process.exitCode = 1;
}
