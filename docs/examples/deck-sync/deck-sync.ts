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
import { readFile } from 'node:fs/promises';
import { BatchWriteError, BoardsyncError, createBoardsyncClient, unwrap, type ComponentRow } from '@boardsync/client';

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

const project = projectId ? Number(projectId) : unwrap(await boardsync.api.POST('/api/v1/projects', { body: { name: 'Deck sync' } })).data.id;
if (!projectId) console.error(`created project ${String(project)}: set BOARDSYNC_PROJECT=${String(project)} to sync it again`);

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
