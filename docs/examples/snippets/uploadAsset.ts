import { readFile } from 'node:fs/promises';
import { createBoardsyncClient } from '@boardsync/client';

const boardsync = createBoardsyncClient({ baseUrl: process.env.BOARDSYNC_URL ?? 'http://localhost:8080', auth: process.env.BOARDSYNC_TOKEN ?? '' });
const project = Number(process.env.BOARDSYNC_PROJECT);

// Sent with an Idempotency-Key, so a retry stores nothing twice; the url goes in a component's image_url.
const art = await boardsync.uploadAsset(project, { data: await readFile('squall.png'), filename: 'squall.png' }, { convertTo: 'webp' });
console.log(JSON.stringify({ url: art.url, size: art.size }));
