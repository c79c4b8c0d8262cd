import { createBoardsyncClient, unwrap } from '@boardsync/client';

const boardsync = createBoardsyncClient({ baseUrl: process.env.BOARDSYNC_URL ?? 'http://localhost:8080', auth: process.env.BOARDSYNC_TOKEN ?? '' });

const hook = unwrap(
  await boardsync.api.POST('/api/v1/webhooks', {
    body: { url: process.env.WEBHOOK_URL ?? 'https://tool.example/hooks/boardsync', events: ['components.changed', 'project.updated'] },
  }),
);
// The secret is shown once: store it to verify each delivery (verifyWebhook).
console.log(JSON.stringify({ id: hook.id, secret: hook.secret }));
