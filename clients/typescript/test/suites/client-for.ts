import { createBoardsyncClient, type BoardsyncClient, type BoardsyncClientOptions } from '@boardsync/client';
import type { RunningSystem } from '../../../../tests/support/running-system.ts';

export const EVERY_SCOPE = ['projects:read', 'projects:write', 'assets:read', 'assets:write', 'components:read', 'components:write', 'webhooks:write'];

/** What a client sent, one line per request: `GET /api/v1/projects?page=2`. */
export interface Recorded {
  client: BoardsyncClient;
  sent: string[];
}

/** A client of a new designer's personal token, recording every request it sends. */
export async function clientFor(system: RunningSystem, scopes = EVERY_SCOPE, options: Partial<BoardsyncClientOptions> = {}): Promise<Recorded> {
  const sent: string[] = [];
  const client = createBoardsyncClient({
    baseUrl: system.gateway,
    auth: options.auth ?? (await system.personalToken(scopes)),
    fetch: (request) => {
      const url = new URL(request.url);
      sent.push(`${request.method} ${url.pathname}${url.search}`);
      return fetch(request);
    },
    ...options,
  });
  return { client, sent };
}
