import { z } from 'zod';
import { named } from './named-schema.ts';

/** Pages beyond this are refused: an absurd page number never reaches SQL as an offset. */
export const MAX_PAGE = 10_000_000;

/**
 * The page query (docs/rules.md "Pagination"), as `pageRequest` parses it: whole numbers from 1 (else 422); a per_page
 * above the operation's maximum is clamped to it.
 */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).optional().describe('1-based, 1 by default; a page past the last is empty.'),
  per_page: z.coerce.number().int().min(1).optional().describe('Rows per page, 50 by default; larger values are clamped to the operation’s maximum.'),
});

const pageLink = z.object({ url: z.string().nullable(), label: z.string(), page: z.int().nullable(), active: z.boolean() });
const EXAMPLE_PATH = 'https://api.boardsync.example/api/v1/projects';
const at = (page: number): string => `${EXAMPLE_PATH}?per_page=50&page=${String(page)}`;

/** The envelope's `links`, named once in the document: follow `next` until it is null. */
const pageLinks = named(z.object({ first: z.string(), last: z.string(), prev: z.string().nullable(), next: z.string().nullable() }), 'PageLinks', {
  first: at(1),
  last: at(3),
  prev: at(1),
  next: at(3),
});

/** The envelope's `meta`, named once in the document. */
const pageMeta = named(
  z.object({
    current_page: z.int(),
    last_page: z.int(),
    per_page: z.int(),
    from: z.int().nullable(),
    to: z.int().nullable(),
    total: z.int(),
    path: z.string(),
    links: z.array(pageLink),
  }),
  'PageMeta',
  {
    current_page: 2,
    last_page: 3,
    per_page: 50,
    from: 51,
    to: 100,
    total: 120,
    path: EXAMPLE_PATH,
    links: [
      { url: at(1), label: '&laquo; Previous', page: 1, active: false },
      { url: at(1), label: '1', page: 1, active: false },
      { url: at(2), label: '2', page: 2, active: true },
      { url: at(3), label: '3', page: 3, active: false },
      { url: at(3), label: 'Next &raquo;', page: 3, active: false },
    ],
  },
);

/** The envelope around a page of `item` (docs/rules.md "Pagination"), as `paginate` builds it; follow `links.next` until null to read all. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), links: pageLinks, meta: pageMeta });
}
