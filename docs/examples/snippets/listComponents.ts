import { createBoardsyncClient } from '@boardsync/client';

const boardsync = createBoardsyncClient({ baseUrl: process.env.BOARDSYNC_URL ?? 'http://localhost:8080', auth: process.env.BOARDSYNC_TOKEN ?? '' });
const project = Number(process.env.BOARDSYNC_PROJECT);

// Every page, following links.next.
for await (const card of boardsync.list('/api/v1/projects/{project}/components', { path: { project }, query: { type: 'card', per_page: 200 } })) {
  console.log(JSON.stringify({ unique_id: card.unique_id, name: card.name, deck_names: card.deck_names }));
}
