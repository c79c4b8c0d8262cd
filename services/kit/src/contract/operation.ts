import type { z } from 'zod';
import type { RouteRule } from '../routes.ts';
import type { Deprecation } from './deprecation.ts';

/** One answer an operation gives: what it means, and its JSON body's schema (none: no body). */
export interface OperationResponse {
  description: string;
  schema?: z.ZodType;
  /** The body's media type when it is not JSON (errors are always `application/problem+json`). */
  mediaType?: string;
  /** The same answer in other media types the caller may ask for with `Accept` (e.g. `text/event-stream`), each with its body's schema. */
  alternatives?: Record<string, z.ZodType>;
  /** Headers beside the ones every API answer carries (RateLimit-*), by name: what each says. */
  headers?: Record<string, string>;
}

/**
 * One public operation, described by the same zod schemas the service parses its requests with
 * and types its answers by. Method and path name its row of the route table (`ROUTES`), which
 * gives its scope: a description can never claim another scope than the one enforced.
 */
export interface Operation {
  method: RouteRule['method'];
  /** As in `ROUTES`: below /api/v1, `:name` for a path parameter. */
  path: string;
  /** Stable and unique: what generated clients call the operation. */
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the operation reads, each field a header name (e.g. `Idempotency-Key`). */
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** The body may be left out (a PATCH without one changes nothing). */
  bodyOptional?: true;
  /** `body`'s media type: JSON unless the operation takes a form (uploads; the OAuth endpoints). */
  bodyMediaType?: 'application/json' | 'multipart/form-data' | 'application/x-www-form-urlencoded';
  /** Every answer but the common errors (401, 403, 404 of the route, 429, 503), which the document adds to each. */
  responses: Record<number, OperationResponse>;
  /** What of it is deprecated: marked in the document, and announced in the answers to requests that use it. */
  deprecations?: readonly Deprecation[];
}

/**
 * How an operation outside /api/v1 is reached: `anonymous` (stored files, the server metadata),
 * `browser` (the consent page: a person signs in there), `client` (the OAuth token endpoints: an
 * app's client_id, with its secret in HTTP Basic or the form when it has one).
 */
export type OutsideApiAccess = 'anonymous' | 'browser' | 'client';

/** A public operation outside /api/v1 and its route table: the OAuth endpoints and stored artwork. Its errors are its own. */
export interface OutsideApiOperation extends Omit<Operation, 'method' | 'path'> {
  method: 'GET' | 'POST';
  /** The whole path, `:name` for a path parameter. */
  path: string;
  access: OutsideApiAccess;
}

/** One event a webhook receives (the document's `webhooks` section): the delivery body's schema. */
export interface WebhookEventDescription {
  event: string;
  summary: string;
  description?: string;
  body: z.ZodType;
}
