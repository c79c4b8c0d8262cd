import { describe, expect, it } from '@jest/globals';
import { matchRoute } from '../routes.ts';

describe('matchRoute', () => {
  it('finds the row for a method and a path, its parameters single segments', () => {
    expect(matchRoute('PATCH', '/projects/7')).toMatchObject({ kind: 'found', rule: { path: '/projects/:project', scope: 'projects:write' } });
    expect(matchRoute('HEAD', '/projects/7/groups')).toMatchObject({ kind: 'found', rule: { method: 'GET' } });
    expect(matchRoute('GET', '/projects/7/8')).toEqual({ kind: 'not_found' });
  });

  it('answers the methods of the path when the one asked for is not among them', () => {
    expect(matchRoute('PUT', '/projects/7')).toEqual({ kind: 'method_not_allowed', allowed: ['GET', 'PATCH'] });
  });

  it('lets a literal segment win over a parameter: components/batch is never a unique_id', () => {
    expect(matchRoute('DELETE', '/projects/7/components/batch')).toEqual({ kind: 'method_not_allowed', allowed: ['POST'] });
    expect(matchRoute('DELETE', '/projects/7/components/card-1')).toMatchObject({ kind: 'found', rule: { path: '/projects/:project/components/:uniqueId' } });
  });

  it('keeps to one service’s rows when asked', () => {
    expect(matchRoute('GET', '/me', 'catalog')).toEqual({ kind: 'not_found' });
    expect(matchRoute('GET', '/me', 'auth')).toMatchObject({ kind: 'found' });
  });
});
