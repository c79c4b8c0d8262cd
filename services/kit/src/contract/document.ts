import type { ZodObject } from 'zod';
import { API_PREFIX } from '../routes.ts';
import { SCOPE_DESCRIPTIONS } from '../scopes.ts';
import { addResponseExamples } from './response-examples.ts';
import { hoistNamedSchemas, jsonSchemaOf, parametersFrom, schemaOf, type JsonObject } from './json-schema.ts';
import { SHARED_HEADERS, SHARED_RESPONSES, apiOperationObject, outsideApiOperationObject } from './operation-object.ts';
import type { Operation, OutsideApiOperation, WebhookEventDescription } from './operation.ts';
import { problemSchema } from './problem-schema.ts';

export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
  /** The gateway's public origin. */
  serverUrl: string;
}

/** A group of operations as readers and generators see it: every tag an operation names is one of these, described. */
export interface DocumentTag {
  name: string;
  description: string;
}

/** What the document holds beside the API operations. */
export interface DocumentExtras {
  /** Every tag the operations and events use, in reading order (the document refuses one undescribed or unused). */
  tags?: readonly DocumentTag[];
  /** The OAuth endpoints and stored artwork, outside /api/v1. */
  outsideApi?: readonly OutsideApiOperation[];
  /** The events webhooks deliver, in the 3.1 `webhooks` section, each with the headers every delivery carries. */
  webhooks?: { events: readonly WebhookEventDescription[]; headers: ZodObject };
}

/** The tag of the `webhooks` section's events. */
export const WEBHOOK_EVENTS_TAG = 'Webhook events';

const openApiPath = (path: string): string => path.replace(/:([A-Za-z]+)/g, '{$1}');

function webhookItem(event: WebhookEventDescription, headers: ZodObject): JsonObject {
  return {
    post: {
      operationId: `on${event.event.replace(/(^|[._])([a-z])/g, (_match, _sep: string, letter: string) => letter.toUpperCase())}`,
      summary: event.summary,
      ...(event.description ? { description: event.description } : {}),
      tags: [WEBHOOK_EVENTS_TAG],
      security: [{ webhookSignature: [] }],
      parameters: parametersFrom(headers, 'header'),
      requestBody: { required: true, content: { 'application/json': { schema: schemaOf(event.body, 'output') } } },
      responses: {
        '2XX': { description: 'Received: answer within 10 seconds. Any other answer, or none, is a failure; 5xx, 429 and time-outs are retried.' },
      },
    },
  };
}

/** The OpenAPI 3.1 document: paths under /api/v1 and beside it, the webhook events, security schemes and the shared Problem schema. */
export function openApiDocument(operations: readonly Operation[], info: DocumentInfo, extras: DocumentExtras = {}): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const operation of operations)
    (paths[`${API_PREFIX}${openApiPath(operation.path)}`] ??= {})[operation.method.toLowerCase()] = apiOperationObject(operation);
  for (const operation of extras.outsideApi ?? [])
    (paths[openApiPath(operation.path)] ??= {})[operation.method.toLowerCase()] = outsideApiOperationObject(operation);
  const ids = [...operations, ...(extras.outsideApi ?? [])].map((operation) => operation.operationId);
  const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
  if (repeated.length > 0) throw new Error(`operationId used twice: ${repeated.join(', ')}`);
  const used = new Set([...operations, ...(extras.outsideApi ?? [])].flatMap((operation) => operation.tags));
  if (extras.webhooks) used.add(WEBHOOK_EVENTS_TAG);
  if (extras.tags) {
    const declared = new Set(extras.tags.map(({ name }) => name));
    const undescribed = [...used].filter((tag) => !declared.has(tag));
    const unused = [...declared].filter((tag) => !used.has(tag));
    if (undescribed.length > 0 || unused.length > 0)
      throw new Error(`tags undescribed: ${undescribed.join(', ') || 'none'}; described but unused: ${unused.join(', ') || 'none'}`);
  }
  const base = info.serverUrl.replace(/\/+$/, '');
  const webhooks = extras.webhooks;
  const schemas: JsonObject = { Problem: jsonSchemaOf(problemSchema, 'output') };
  const document: JsonObject = {
    openapi: '3.1.1',
    info: { title: info.title, version: info.version, description: info.description, license: { name: 'Proprietary', identifier: 'LicenseRef-boardsync' } },
    servers: [{ url: base }],
    ...(extras.tags ? { tags: extras.tags.map(({ name, description }) => ({ name, description })) } : {}),
    paths,
    ...(webhooks ? { webhooks: Object.fromEntries(webhooks.events.map((event) => [event.event, webhookItem(event, webhooks.headers)])) } : {}),
    components: {
      schemas,
      responses: SHARED_RESPONSES,
      headers: SHARED_HEADERS,
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          description: 'Authorization code with PKCE (S256), required of every app.',
          flows: {
            authorizationCode: {
              authorizationUrl: `${base}/oauth/authorize`,
              tokenUrl: `${base}/oauth/token`,
              refreshUrl: `${base}/oauth/token`,
              scopes: SCOPE_DESCRIPTIONS,
            },
          },
        },
        personalToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'A personal token (`bsp_…`) from the developer settings, holding the scopes chosen there.',
        },
        webhookSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-SVC-Signature',
          description:
            'How a receiver knows boardsync sent a delivery: HMAC-SHA256 with the secret shown at registration, in `X-SVC-Signature` (and in the Standard Webhooks `webhook-signature`). See each event’s headers.',
        },
        clientSecretBasic: {
          type: 'http',
          scheme: 'basic',
          description: 'A confidential app’s client_id and secret (RFC 6749 §2.3.1); they may be sent in the form instead.',
        },
      },
    },
  };
  hoistNamedSchemas(document, schemas);
  addResponseExamples(document);
  return document;
}
