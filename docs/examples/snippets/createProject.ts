import { createBoardsyncClient, unwrap } from '@boardsync/client';

const boardsync = createBoardsyncClient({ baseUrl: process.env.BOARDSYNC_URL ?? 'http://localhost:8080', auth: process.env.BOARDSYNC_TOKEN ?? '' });

const { data: project } = unwrap(await boardsync.api.POST('/api/v1/projects', { body: { name: 'Tide Runners', player_count_min: 2, player_count_max: 4 } }));
console.log(JSON.stringify({ id: project.id, name: project.name }));
