import { SCOPE_NAMES, type Scope } from './scopes.ts';
import { Problem } from './problem.ts';

/** The services that own public routes. */
export const SERVICE_NAMES = ['auth', 'catalog', 'asset', 'webhook'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** The methods an operation may have (HEAD is answered as GET). */
export const ROUTE_METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;

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

/** What routing and authorising a request takes of an operation: its method, path, scope and how it is held. */
export interface RouteRule {
  method: (typeof ROUTE_METHODS)[number];
  /** Below {@link API_PREFIX}; `:name` is one path segment. */
  path: string;
  scope: RequiredScope;
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

/** A row of the gateway's route table: a rule and the service that owns it (generated from the services' operations). */
export interface ApiRoute extends RouteRule {
  service: ServiceName;
}

/** Every public API path starts here. */
export const API_PREFIX = '/api/v1';

/** The API's paths, `/api/v1` and below. */
export function isApiPath(path: string): boolean {
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}

export type RouteMatch<R extends RouteRule = RouteRule> =
  { kind: 'found'; rule: R } | { kind: 'method_not_allowed'; allowed: string[] } | { kind: 'not_found' };

interface CompiledRule<R> {
  rule: R;
  pattern: RegExp;
  params: number;
}

const compiledTables = new WeakMap<readonly RouteRule[], CompiledRule<RouteRule>[]>();

function compiled<R extends RouteRule>(table: readonly R[]): CompiledRule<R>[] {
  let rules = compiledTables.get(table);
  if (!rules) {
    rules = table.map((rule) => ({
      rule,
      // Path parameters are single segments; their values are the owning service's to judge.
      pattern: new RegExp(`^${rule.path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
      params: (rule.path.match(/:[A-Za-z]+/g) ?? []).length,
    }));
    compiledTables.set(table, rules);
  }
  return rules as CompiledRule<R>[];
}

/** The rule of `table` for a method and a path below {@link API_PREFIX}. */
export function matchRoute<R extends RouteRule>(table: readonly R[], method: string, path: string): RouteMatch<R> {
  const matching = compiled(table).filter(({ pattern }) => pattern.test(path));
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
