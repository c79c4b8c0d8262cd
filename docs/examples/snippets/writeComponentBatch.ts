import { createBoardsyncClient } from '@boardsync/client';

const boardsync = createBoardsyncClient({ baseUrl: process.env.BOARDSYNC_URL ?? 'http://localhost:8080', auth: process.env.BOARDSYNC_TOKEN ?? '' });
const project = Number(process.env.BOARDSYNC_PROJECT);

// Keyed on your own ids: the first run creates, later runs update in place; remove_missing deletes what the sheet lost.
const result = await boardsync.writeComponents(project, {
  type: 'card',
  components: [
    { unique_id: 'sheet-row-17', name: 'Squall', quantity: 3, deck_names: ['Weather'] },
    { unique_id: 'sheet-row-18', name: 'Doldrums', quantity: '2', deck_names: 'Weather|Calm' },
  ],
  remove_missing: true,
});
console.log(JSON.stringify({ created: result.created, updated: result.updated, deleted: result.deleted }));
