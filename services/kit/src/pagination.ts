import { pageQuery } from './contract/page-schema.ts';
import { parseRequest } from './validation.ts';

/** Pagination (docs/rules.md "Pagination"): page numbers, Laravel-style `links` and `meta`. */
export interface PageRequest {
  page: number;
  perPage: number;
}

export interface PageLink {
  url: string | null;
  label: string;
  page: number | null;
  active: boolean;
}

export interface Paginated<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: { current_page: number; last_page: number; per_page: number; from: number | null; to: number | null; total: number; path: string; links: PageLink[] };
}

export { MAX_PAGE } from './contract/page-schema.ts';

/**
 * The page asked for: `page` and `per_page` whole numbers from 1, or 422 naming the one that is
 * not (a typo gets an answer, not a silently different page); a `per_page` above the maximum
 * yields the maximum (docs/rules.md "Pagination").
 */
export function pageRequest(query: Record<string, unknown>, limits: { defaultPerPage?: number; maxPerPage: number }): PageRequest {
  const { page, per_page: perPage } = parseRequest(pageQuery, { page: query.page, per_page: query.per_page });
  return { perPage: Math.min(perPage ?? limits.defaultPerPage ?? 50, limits.maxPerPage), page: page ?? 1 };
}

export function offsetOf(request: PageRequest): number {
  return (request.page - 1) * request.perPage;
}

/** Page numbers shown in `meta.links`: all when few, else the ends and a window around the current page. */
function shownPages(current: number, last: number): (number | null)[] {
  if (last <= 13) return Array.from({ length: last }, (_, index) => index + 1);
  const wanted = new Set([1, 2, last - 1, last]);
  for (let page = current - 3; page <= current + 3; page += 1) if (page >= 1 && page <= last) wanted.add(page);
  const sorted = [...wanted].sort((a, b) => a - b);
  const shown: (number | null)[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) shown.push(null);
    shown.push(page);
  });
  return shown;
}

/**
 * Wraps one page of rows. Links repeat the filters and page size in use, so following
 * `links.next` until null reads the whole collection.
 */
export function paginate<T>(rows: T[], total: number, request: PageRequest, path: string, filters: Record<string, string | undefined>): Paginated<T> {
  const lastPage = Math.max(1, Math.ceil(total / request.perPage));
  const url = (page: number): string => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(filters)) if (value !== undefined) params.set(name, value);
    params.set('per_page', String(request.perPage));
    params.set('page', String(page));
    return `${path}?${params.toString()}`;
  };
  const current = request.page;
  const from = rows.length > 0 ? offsetOf(request) + 1 : null;
  const prev = current > 1 ? url(Math.min(current - 1, lastPage)) : null;
  const next = current < lastPage ? url(current + 1) : null;
  return {
    data: rows,
    links: { first: url(1), last: url(lastPage), prev, next },
    meta: {
      current_page: current,
      last_page: lastPage,
      per_page: request.perPage,
      from,
      to: from === null ? null : from + rows.length - 1,
      total,
      path,
      links: [
        { url: prev, label: '&laquo; Previous', page: prev === null ? null : Math.min(current - 1, lastPage), active: false },
        ...shownPages(current, lastPage).map((page) =>
          page === null ? { url: null, label: '...', page: null, active: false } : { url: url(page), label: String(page), page, active: page === current },
        ),
        { url: next, label: 'Next &raquo;', page: next === null ? null : current + 1, active: false },
      ],
    },
  };
}
