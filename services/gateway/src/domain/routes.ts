import type { Scope } from '@boardsync/kit';

export type ServiceName = 'auth' | 'catalog' | 'asset' | 'webhook';

/** `any`: a token with at least one scope (spec §5: any single scope unlocks /me). */
export type RequiredScope = Scope | 'any';

export interface RouteRule {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  scope: RequiredScope;
  service: ServiceName;
}

/** Spec §4 and §5, one row per endpoint; paths are below /api/v1. */
export const ROUTES: readonly RouteRule[] = [
  { method: 'GET', path: '/me', scope: 'any', service: 'auth' },
  { method: 'GET', path: '/projects', scope: 'projects:read', service: 'catalog' },
  { method: 'POST', path: '/projects', scope: 'projects:write', service: 'catalog' },
  { method: 'GET', path: '/projects/:project', scope: 'projects:read', service: 'catalog' },
  { method: 'PATCH', path: '/projects/:project', scope: 'projects:write', service: 'catalog' },
  { method: 'GET', path: '/projects/:project/assets', scope: 'assets:read', service: 'asset' },
  { method: 'POST', path: '/projects/:project/assets', scope: 'assets:write', service: 'asset' },
  { method: 'POST', path: '/projects/:project/assets/from-url', scope: 'assets:write', service: 'asset' },
  { method: 'DELETE', path: '/projects/:project/assets', scope: 'assets:write', service: 'asset' },
  { method: 'GET', path: '/masks', scope: 'components:read', service: 'catalog' },
  { method: 'GET', path: '/projects/:project/components', scope: 'components:read', service: 'catalog' },
  { method: 'POST', path: '/projects/:project/components', scope: 'components:write', service: 'catalog' },
  { method: 'POST', path: '/projects/:project/components/batch', scope: 'components:write', service: 'catalog' },
  { method: 'DELETE', path: '/projects/:project/components', scope: 'components:write', service: 'catalog' },
  { method: 'DELETE', path: '/projects/:project/components/:uniqueId', scope: 'components:write', service: 'catalog' },
  { method: 'GET', path: '/projects/:project/groups', scope: 'components:read', service: 'catalog' },
  { method: 'POST', path: '/projects/:project/groups', scope: 'components:write', service: 'catalog' },
  { method: 'PATCH', path: '/projects/:project/groups/:group', scope: 'components:write', service: 'catalog' },
  { method: 'DELETE', path: '/projects/:project/groups/:group', scope: 'components:write', service: 'catalog' },
  { method: 'PUT', path: '/projects/:project/groups/:group/members', scope: 'components:write', service: 'catalog' },
  { method: 'GET', path: '/webhooks', scope: 'webhooks:write', service: 'webhook' },
  { method: 'POST', path: '/webhooks', scope: 'webhooks:write', service: 'webhook' },
  { method: 'DELETE', path: '/webhooks/:webhook', scope: 'webhooks:write', service: 'webhook' },
];

export type RouteMatch = { kind: 'found'; rule: RouteRule } | { kind: 'method_not_allowed'; allowed: string[] } | { kind: 'not_found' };

const compiled = ROUTES.map((rule) => ({
  rule,
  // Path parameters are single segments; their values are the owning service's to judge.
  pattern: new RegExp(`^${rule.path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
}));

export function matchRoute(method: string, path: string): RouteMatch {
  const samePath = compiled.filter(({ pattern }) => pattern.test(path));
  if (samePath.length === 0) return { kind: 'not_found' };
  const wanted = method === 'HEAD' ? 'GET' : method;
  const found = samePath.find(({ rule }) => rule.method === wanted);
  return found ? { kind: 'found', rule: found.rule } : { kind: 'method_not_allowed', allowed: samePath.map(({ rule }) => rule.method) };
}

export function isRead(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}
