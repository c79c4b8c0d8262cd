import { describe, expect, it } from '@jest/globals';
import { pageRequest, paginate } from '../pagination.ts';

describe('pageRequest', () => {
  it.each([
    [{}, { perPage: 50, page: 1 }],
    [
      { per_page: '500', page: '3' },
      { perPage: 200, page: 3 },
    ],
    [
      { per_page: '1', page: '10000000' },
      { perPage: 1, page: 10_000_000 },
    ],
  ])('reads %j as %j', (query, expected) => {
    expect(pageRequest(query, { maxPerPage: 200 })).toEqual(expected);
  });

  it.each([
    [{ per_page: '0' }, 'per_page'],
    [{ page: '-2' }, 'page'],
    [{ per_page: 'lots' }, 'per_page'],
    [{ page: '1.5' }, 'page'],
    [{ page: '10000001' }, 'page'],
    [{ page: ['1', '2'] }, 'page'],
  ])('refuses %j with 422 naming %s', (query, field) => {
    let refusal: unknown;
    try {
      pageRequest(query, { maxPerPage: 200 });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({ status: 422, errors: { [field]: [expect.any(String)] } });
  });
});

describe('paginate', () => {
  const path = 'https://api.example/api/v1/projects/1/components';

  it('carries the filters and page size in every link', () => {
    const page = paginate(['a', 'b'], 5, { page: 2, perPage: 2 }, path, { type: 'card', name: undefined });
    expect(page.links).toEqual({
      first: `${path}?type=card&per_page=2&page=1`,
      last: `${path}?type=card&per_page=2&page=3`,
      prev: `${path}?type=card&per_page=2&page=1`,
      next: `${path}?type=card&per_page=2&page=3`,
    });
    expect(page.meta).toMatchObject({ current_page: 2, last_page: 3, from: 3, to: 4, total: 5, path });
    expect(page.meta.links.map((link) => link.label)).toEqual(['&laquo; Previous', '1', '2', '3', 'Next &raquo;']);
    expect(page.meta.links.find((link) => link.active)?.page).toBe(2);
  });

  it('an empty collection has one page, no next, and null from/to', () => {
    const page = paginate([], 0, { page: 1, perPage: 50 }, path, {});
    expect(page.links.next).toBeNull();
    expect(page.meta).toMatchObject({ last_page: 1, from: null, to: null, total: 0 });
  });

  it('elides distant pages of a long collection', () => {
    const labels = paginate([], 100_000, { page: 1000, perPage: 50 }, path, {}).meta.links.map((link) => link.label);
    expect(labels).toEqual(['&laquo; Previous', '1', '2', '...', '997', '998', '999', '1000', '1001', '1002', '1003', '...', '1999', '2000', 'Next &raquo;']);
  });
});
