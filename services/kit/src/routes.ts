import { SCOPE_NAMES, type Scope } from './scopes.ts';
import { Problem } from './problem.ts';

/** The services that own public routes. */
export type ServiceName = 'auth' | 'catalog' | 'asset' | 'webhook';

/**
 * `any`: a token with at least one scope (docs/rules.md "Authentication and scopes": any single scope unlocks /me). `anyOf`: at
 * least one of those (the changes feed: each scope shows its own resources' changes).
 */
export type RequiredScope = Scope | 'any' | { anyOf: readonly Scope[] };

/** How the contract and a refusal name a route's scope. */
export function describeScope(required: RequiredScope): string {
  if (required === 'any') return 'any one scope';
  if (typeof required === 'object') return `any of ${required.anyOf.join(', ')}`;
  return required;
}

export interface RouteRule {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Below {@link API_PREFIX}; `:name` is one path segment. */
  path: string;
  scope: RequiredScope;
  service: ServiceName;
  /**
   * The operation enforces the designer's plan (unlocked-project cap, storage quota): the gateway
   * asks auth afresh instead of using a remembered answer, so a plan change applies to the very next one.
   */
  usesPlan?: true;
  /**
   * The operation may hold the request before answering (a long-poll of up to a minute) or stream
   * its answer: the gateway gives it its held-request timeout, not the ordinary one.
   */
  holds?: true;
}

/** Every public API path starts here. */
export const API_PREFIX = '/api/v1';

/**
 * Every endpoint of docs/rules.md with its scope ("Authentication and scopes"), one row each. The gateway routes and authorises by it, and each service
 * checks it again for its own rows, so a slip in one layer cannot grant a scope.
 */
export const ROUTES: readonly RouteRule[] = [
  { method: 'GET', path: '/me', scope: 'any', service: 'auth' },
  { method: 'GET', path: '/projects', scope: 'projects:read', service: 'catalog' },
  { method: 'POST', path: '/projects', scope: 'projects:write', service: 'catalog', usesPlan: true },
  { method: 'GET', path: '/projects/:project', scope: 'projects:read', service: 'catalog' },
  { method: 'PATCH', path: '/projects/:project', scope: 'projects:write', service: 'catalog' },
  { method: 'GET', path: '/projects/:project/assets', scope: 'assets:read', service: 'asset' },
  { method: 'POST', path: '/projects/:project/assets', scope: 'assets:write', service: 'asset', usesPlan: true },
  { method: 'POST', path: '/projects/:project/assets/from-url', scope: 'assets:write', service: 'asset', usesPlan: true },
  { method: 'DELETE', path: '/projects/:project/assets', scope: 'assets:write', service: 'asset' },
  { method: 'GET', path: '/masks', scope: 'components:read', service: 'catalog' },
  { method: 'GET', path: '/projects/:project/components', scope: 'components:read', service: 'catalog' },
  { method: 'POST', path: '/projects/:project/components', scope: 'components:write', service: 'catalog', usesPlan: true },
  { method: 'POST', path: '/projects/:project/components/batch', scope: 'components:write', service: 'catalog', usesPlan: true },
  { method: 'DELETE', path: '/projects/:project/components', scope: 'components:write', service: 'catalog' },
  { method: 'DELETE', path: '/projects/:project/components/:uniqueId', scope: 'components:write', service: 'catalog' },
  { method: 'GET', path: '/projects/:project/groups', scope: 'components:read', service: 'catalog' },
  { method: 'POST', path: '/projects/:project/groups', scope: 'components:write', service: 'catalog' },
  { method: 'PATCH', path: '/projects/:project/groups/:group', scope: 'components:write', service: 'catalog' },
  { method: 'DELETE', path: '/projects/:project/groups/:group', scope: 'components:write', service: 'catalog' },
  { method: 'PUT', path: '/projects/:project/groups/:group/members', scope: 'components:write', service: 'catalog' },
  // Beyond docs/rules.md (docs/decisions.md, "Changes feed"): what changed after a cursor, each scope showing its own resources' changes.
  { method: 'GET', path: '/changes/head', scope: { anyOf: ['projects:read', 'components:read', 'assets:read'] }, service: 'catalog' },
  { method: 'GET', path: '/changes', scope: { anyOf: ['projects:read', 'components:read', 'assets:read'] }, service: 'catalog', holds: true },
  { method: 'GET', path: '/webhooks', scope: 'webhooks:write', service: 'webhook' },
  { method: 'POST', path: '/webhooks', scope: 'webhooks:write', service: 'webhook' },
  { method: 'DELETE', path: '/webhooks/:webhook', scope: 'webhooks:write', service: 'webhook' },
  // Beyond docs/rules.md (docs/decisions.md, "Webhooks"): the delivery log, redeliver, recover and ping; the caller's app's webhooks only.
  { method: 'GET', path: '/webhooks/:webhook/deliveries', scope: 'webhooks:write', service: 'webhook' },
  { method: 'GET', path: '/webhooks/:webhook/deliveries/:delivery', scope: 'webhooks:write', service: 'webhook' },
  { method: 'POST', path: '/webhooks/:webhook/deliveries/:delivery/redeliver', scope: 'webhooks:write', service: 'webhook' },
  { method: 'POST', path: '/webhooks/:webhook/recover', scope: 'webhooks:write', service: 'webhook' },
  { method: 'POST', path: '/webhooks/:webhook/ping', scope: 'webhooks:write', service: 'webhook' },
];

export type RouteMatch = { kind: 'found'; rule: RouteRule } | { kind: 'method_not_allowed'; allowed: string[] } | { kind: 'not_found' };

const compiled = ROUTES.map((rule) => ({
  rule,
  // Path parameters are single segments; their values are the owning service's to judge.
  pattern: new RegExp(`^${rule.path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
  params: (rule.path.match(/:[A-Za-z]+/g) ?? []).length,
}));

/** The rule for a method and a path below {@link API_PREFIX}, optionally among one service's rows only. */
export function matchRoute(method: string, path: string, service?: ServiceName): RouteMatch {
  const matching = compiled.filter(({ rule, pattern }) => (service === undefined || rule.service === service) && pattern.test(path));
  if (matching.length === 0) return { kind: 'not_found' };
  // A literal segment wins over a parameter, as in OpenAPI: `components/batch` is the batch path
  // for every method, never `components/{uniqueId}` with a unique_id of "batch".
  const fewest = Math.min(...matching.map(({ params }) => params));
  const samePath = matching.filter(({ params }) => params === fewest);
  const wanted = method === 'HEAD' ? 'GET' : method;
  const found = samePath.find(({ rule }) => rule.method === wanted);
  return found ? { kind: 'found', rule: found.rule } : { kind: 'method_not_allowed', allowed: samePath.map(({ rule }) => rule.method) };
}

/** The answer for a request the table has no row for: 404, or 405 with `Allow` when the path has other methods. */
export function noRouteProblem(match: Exclude<RouteMatch, { kind: 'found' }>, method: string, path: string): Problem {
  if (match.kind === 'not_found') return new Problem({ status: 404, code: 'not_found', detail: `No route for ${method} ${path}.` });
  return new Problem({ status: 405, code: 'method_not_allowed', detail: `${method} is not allowed on ${path}.`, headers: { Allow: match.allowed.join(', ') } });
}

export function isRead(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** 403 `insufficient_scope` (RFC 6750 §3.1) when the scopes held do not satisfy the route's. */
export function requireScope(held: readonly string[], required: RequiredScope): void {
  if (required === 'any') {
    if (held.length > 0) return;
    throw new Problem({
      status: 403,
      code: 'insufficient_scope',
      detail: 'This token has no scopes; any one scope unlocks this endpoint.',
      headers: { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${SCOPE_NAMES.join(' ')}"` },
    });
  }
  if (typeof required === 'object') {
    if (required.anyOf.some((scope) => held.includes(scope))) return;
    throw new Problem({
      status: 403,
      code: 'insufficient_scope',
      detail: `This token holds none of the scopes ${required.anyOf.join(', ')}; any one of them unlocks this endpoint.`,
      headers: { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${required.anyOf.join(' ')}"` },
    });
  }
  if (!held.includes(required)) throw Problem.insufficientScope(required);
}
