import { readFileSync } from 'node:fs';
import { openApiDocument, type Operation } from '@boardsync/kit/contract';
import { artworkOperation, assetOperations } from '@boardsync/asset';
import { authOperations, oauthOperations } from '@boardsync/auth';
import { catalogOperations } from '@boardsync/catalog';
import { DELIVERED_EVENTS, deliveryHeaders, webhookOperations } from '@boardsync/webhook';
import { DOCUMENTED_ORIGIN } from '@boardsync/gateway';

/** Every public API operation, from the services that own them. */
export const API_OPERATIONS: readonly Operation[] = [...authOperations, ...catalogOperations, ...assetOperations, ...webhookOperations];

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

const DESCRIPTION = `The account of a board-game designer — projects, components, decks and stacks, artwork — for the
tools they design with, and webhooks that say when something changed.

**Authentication.** Every \`/api/v1\` call carries \`Authorization: Bearer <token>\`: a personal token
(\`bsp_…\`, made in the developer settings) or an OAuth access token (authorization code with PKCE,
S256, required of every app; metadata at \`/.well-known/oauth-authorization-server\`). Each operation
names the one scope it needs; a token without it gets 403 \`insufficient_scope\`.

**Errors** are \`application/problem+json\` (RFC 9457) with a machine-readable \`code\`; a 422
\`validation_failed\` lists messages per field in \`errors\`. The OAuth endpoints answer OAuth's own
\`{error, error_description}\`.

**Pagination.** Lists take \`page\` and \`per_page\` and answer \`{data, links, meta}\`: follow
\`links.next\` until it is null.

**Rate limits.** Reads and writes are counted apart per designer and app; every answer carries
\`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`, and a 429 says when to retry in
\`Retry-After\` (so does a 503).

**Conditional reads.** GETs answer an \`ETag\`; send it back in \`If-None-Match\` for a 304.

**Webhooks** are signed twice with the secret shown at registration: the spec's \`X-SVC-Signature\`
and the Standard Webhooks \`webhook-signature\`. See the webhooks section for every event.`;

/** The OpenAPI 3.1 document of the whole public surface, as committed at services/gateway/contract/openapi.json. */
export function publicContract(): Record<string, unknown> {
  return openApiDocument(
    API_OPERATIONS,
    { title: 'boardsync', version, description: DESCRIPTION, serverUrl: DOCUMENTED_ORIGIN },
    { outsideApi: [...oauthOperations, artworkOperation], webhooks: { events: DELIVERED_EVENTS, headers: deliveryHeaders } },
  );
}
