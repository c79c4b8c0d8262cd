import type { ApiRoute, ServiceName } from '@boardsync/kit/core';
import { openApiDocument, type DocumentTag, type Operation } from '@boardsync/kit/contract';
import { artworkOperation, assetOperations } from '@boardsync/asset';
import { authOperations, oauthOperations } from '@boardsync/auth';
import { catalogOperations } from '@boardsync/catalog';
import { DELIVERED_EVENTS, deliveryHeaders, webhookOperations } from '@boardsync/webhook';
import { DOCUMENTED_ORIGIN } from '@boardsync/gateway';
import { withCodeSamples } from './code-samples.ts';

/** Every public API operation, by the service that owns and serves it. */
export const SERVICE_OPERATIONS: Readonly<Record<ServiceName, readonly Operation[]>> = {
  auth: authOperations,
  catalog: catalogOperations,
  asset: assetOperations,
  webhook: webhookOperations,
};

export const API_OPERATIONS: readonly Operation[] = Object.values(SERVICE_OPERATIONS).flat();

/** The gateway's route table (services/gateway/contract/api-routes.json): what routing and authorising takes of each operation. */
export function apiRoutes(): ApiRoute[] {
  return Object.entries(SERVICE_OPERATIONS).flatMap(([service, operations]) =>
    operations.map(({ method, path, scope, usesPlan, holds }) => ({
      method,
      path,
      scope,
      service: service as ServiceName,
      ...(usesPlan ? { usesPlan } : {}),
      ...(holds ? { holds } : {}),
    })),
  );
}

/**
 * The contract's own version (semver: CHANGELOG.md), apart from the product's release (package.json):
 * a release that changes nothing a client sees keeps it. docs/rules.md "Versioning".
 */
export const API_VERSION = '1.2.0';

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

**Safe retries.** Every POST takes an \`Idempotency-Key\` (a new UUID per write): sent again with the
same key and body, after a time-out or a 5xx, it is done at most once and answers the first result,
with \`Idempotent-Replayed: true\`.

**Webhooks** are signed twice with the secret shown at registration: boardsync's own \`X-SVC-Signature\`
and the Standard Webhooks \`webhook-signature\`. See the webhooks section for every event.

# Versioning and deprecation

This document is versioned with semver apart from boardsync's releases (\`info.version\`; every change
is in CHANGELOG.md). Within \`/api/v1\`: a **minor** version adds (operations, optional request fields,
response fields, enum values in responses, events, problem codes) — clients ignore what they do not
know; a **patch** corrects descriptions and examples. Removing or renaming anything, making an optional
request field required, narrowing what a request accepts, or changing a field's meaning is **breaking**:
it takes a new major version under a new path prefix (\`/api/v2\`), and \`/api/v1\` keeps working beside
it for at least 12 months.

Before anything leaves, it is **deprecated**: marked in this document with what to use instead, and
every answer to a request that uses it carries \`Deprecation: @<seconds since the epoch>\` (RFC 9745)
and \`Link: </docs#section/Versioning-and-deprecation>; rel="deprecation"\`; once a removal date is
set, also \`Sunset: <HTTP date>\` (RFC 8594), at least 6 months ahead. A deprecated field or operation
lives at least 12 months after its deprecation. Deprecated now: the component field
\`die_face_urls\` (use \`die_faces\`; no removal scheduled).`;

/** Each tag the operations use, described for readers and generators, in reading order. */
const TAGS: readonly DocumentTag[] = [
  {
    name: 'OAuth',
    description:
      'Sign a designer in to your tool, outside `/api/v1`: the server’s metadata (RFC 8414), authorization code with PKCE (S256), refresh, revocation.',
  },
  { name: 'Account', description: 'The designer the token acts for: storage quota and project counts, and what the calling token may do.' },
  { name: 'Projects', description: 'A designer’s games: list them, read one, create one within the plan’s cap, change its fields.' },
  {
    name: 'Components',
    description:
      'Cards, tokens, dice, boards and the other pieces of a project. Tools sync them in batches of up to 500 rows keyed by their own `unique_id`; a write is one transaction and one `components.changed` event.',
  },
  { name: 'Groups', description: 'Decks (of cards) and stacks (of tokens): their names, order and members.' },
  { name: 'Masks', description: 'The card and token shapes a component may take: the built-in library and the designer’s own.' },
  { name: 'Assets', description: 'Artwork: uploaded or fetched from a URL, validated, stored under the designer’s quota, served from the asset host.' },
  {
    name: 'Changes',
    description:
      'Stay in sync without a public URL: take the head, list what you keep, then follow every change after it by paging, long-poll (`wait`) or a stream, resuming from a cursor after being offline.',
  },
  { name: 'Webhooks', description: 'Register a public https URL to be told when a designer’s components or projects change; the secret signs every delivery.' },
  { name: 'Webhook deliveries', description: 'What was sent to a webhook and how it answered; send one again, or every failed one of a period.' },
  {
    name: 'Webhook events',
    description: 'What boardsync POSTs to your webhook, signed: verify `X-SVC-Signature` or `webhook-signature` before trusting a body.',
  },
];

/** The OpenAPI 3.1 document of the whole public surface, as committed at services/gateway/contract/openapi.json. */
export function publicContract(): Record<string, unknown> {
  return withCodeSamples(
    openApiDocument(
      API_OPERATIONS,
      { title: 'boardsync', version: API_VERSION, description: DESCRIPTION, serverUrl: DOCUMENTED_ORIGIN },
      { tags: TAGS, outsideApi: [...oauthOperations, artworkOperation], webhooks: { events: DELIVERED_EVENTS, headers: deliveryHeaders } },
    ),
  );
}
