import type { z } from 'zod';
import type { RouteRule } from '../routes.ts';

/** One answer an operation gives: what it means, and its JSON body's schema (none: no body). */
export interface OperationResponse {
  description: string;
  schema?: z.ZodType;
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
  body?: z.ZodType;
  /** Every answer but the common errors (401, 403, 404 of the route, 429, 503), which the document adds to each. */
  responses: Record<number, OperationResponse>;
}
