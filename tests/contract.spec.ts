import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { API_PREFIX, ROUTES } from '@boardsync/kit';
import { AUTH_PAGES, DOCUMENT_FILE } from '@boardsync/gateway';
import { API_OPERATIONS, publicContract } from '../scripts/contract/public-contract.ts';

/**
 * Auth's pages a person uses in a browser (sign-in, settings): reached through the gateway, but no
 * part of the contract a tool builds against. Every other auth page must be in the document.
 */
const PERSON_PAGES = [
  '/login',
  '/logout',
  '/settings',
  '/settings/tokens',
  '/settings/tokens/:id/revoke',
  '/settings/apps',
  '/settings/connected/:appId/revoke',
];

const key = ({ method, path }: { method: string; path: string }): string => `${method} ${path}`;
const document = publicContract() as { paths: Record<string, Record<string, unknown>> };
const documentedPaths = Object.keys(document.paths);
const openApiPath = (path: string): string => path.replace(/:([A-Za-z]+)/g, '{$1}');

describe('the public contract', () => {
  it('has an operation for every route of the gateway’s table, and no operation without a route', () => {
    const described = API_OPERATIONS.map(key);
    const routes = ROUTES.map(key);
    expect(routes.filter((route) => !described.includes(route))).toEqual([]);
    expect(described.filter((operation) => !routes.includes(operation))).toEqual([]);
    expect(new Set(described).size).toBe(described.length);
  });

  it('documents every page of auth the gateway exposes, but the ones a person uses in a browser', () => {
    const undocumented = AUTH_PAGES.filter((page) => !PERSON_PAGES.includes(page) && !documentedPaths.includes(openApiPath(page)));
    expect(undocumented).toEqual([]);
    expect(PERSON_PAGES.filter((page) => !AUTH_PAGES.includes(page))).toEqual([]);
  });

  it('puts each API operation under /api/v1 once, with the scope its route requires', () => {
    for (const rule of ROUTES) {
      const operation = document.paths[`${API_PREFIX}${openApiPath(rule.path)}`]?.[rule.method.toLowerCase()] as { 'x-required-scope': string } | undefined;
      expect([key(rule), operation?.['x-required-scope']]).toEqual([key(rule), rule.scope === 'any' ? 'any one scope' : rule.scope]);
    }
  });

  it('is the document the gateway serves (npm run contract writes it)', () => {
    expect(JSON.parse(readFileSync(DOCUMENT_FILE, 'utf8'))).toEqual(document);
  });
});
