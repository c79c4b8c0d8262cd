import { describe, expect, it } from '@jest/globals';
import { matchRoute, type RouteRule } from '../routes.ts';

const table: RouteRule[] = [
  { method: 'GET', path: '/projects/:project', scope: 'projects:read' },
  { method: 'PATCH', path: '/projects/:project', scope: 'projects:write' },
  { method: 'GET', path: '/projects/:project/groups', scope: 'components:read' },
  { method: 'POST', path: '/projects/:project/components/batch', scope: 'components:write' },
  { method: 'DELETE', path: '/projects/:project/components/:uniqueId', scope: 'components:write' },
];

describe('matchRoute', () => {
  it('finds the row for a method and a path, its parameters single segments', () => {
    expect(matchRoute(table, 'PATCH', '/projects/7')).toMatchObject({ kind: 'found', rule: { path: '/projects/:project', scope: 'projects:write' } });
    expect(matchRoute(table, 'HEAD', '/projects/7/groups')).toMatchObject({ kind: 'found', rule: { method: 'GET' } });
    expect(matchRoute(table, 'GET', '/projects/7/groups/')).toMatchObject({ kind: 'found', rule: { method: 'GET' } });
    expect(matchRoute(table, 'GET', '/projects/7/8')).toEqual({ kind: 'not_found' });
  });

  it('answers the methods of the path when the one asked for is not among them', () => {
    expect(matchRoute(table, 'PUT', '/projects/7')).toEqual({ kind: 'method_not_allowed', allowed: ['GET', 'PATCH'] });
  });

  it('lets a literal segment win over a parameter: components/batch is never a unique_id', () => {
    expect(matchRoute(table, 'DELETE', '/projects/7/components/batch')).toEqual({ kind: 'method_not_allowed', allowed: ['POST'] });
    expect(matchRoute(table, 'DELETE', '/projects/7/components/card-1')).toMatchObject({
      kind: 'found',
      rule: { path: '/projects/:project/components/:uniqueId' },
    });
  });
});
