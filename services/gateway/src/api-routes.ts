import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ROUTE_METHODS, SCOPE_NAMES, SERVICE_NAMES, type ApiRoute } from '@boardsync/kit/core';

/**
 * The route table, written by `npm run contract` from the operations each service declares
 * (method, path, scope, plan use, holding), beside the OpenAPI document built from the same
 * objects. The gateway routes and authorises by it without importing a service.
 */
export const API_ROUTES_FILE = new URL('../contract/api-routes.json', import.meta.url);

const scope = z.union([z.enum(SCOPE_NAMES), z.literal('any'), z.strictObject({ anyOf: z.array(z.enum(SCOPE_NAMES)).min(1) })]);
const apiRoute = z.strictObject({
  method: z.enum(ROUTE_METHODS),
  path: z.string().startsWith('/'),
  scope,
  service: z.enum(SERVICE_NAMES),
  usesPlan: z.literal(true).optional(),
  holds: z.literal(true).optional(),
});

/** Every operation under /api/v1 with the service that owns it, read when the gateway starts (not on import: `npm run contract` writes the file). */
export function readApiRoutes(): readonly ApiRoute[] {
  return z.array(apiRoute).parse(JSON.parse(readFileSync(API_ROUTES_FILE, 'utf8')));
}
