import { z } from 'zod';

/** Pages beyond this are refused: an absurd page number never reaches SQL as an offset. */
export const MAX_PAGE = 10_000_000;

/** Spec §1's page query, as `pageRequest` parses it: whole numbers from 1 (else 422); a per_page above the operation's maximum is clamped to it. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).optional().describe('1-based, 1 by default; a page past the last is empty.'),
  per_page: z.coerce.number().int().min(1).optional().describe('Rows per page, 50 by default; larger values are clamped to the operation’s maximum.'),
});

const pageLink = z.object({ url: z.string().nullable(), label: z.string(), page: z.int().nullable(), active: z.boolean() });

/** Spec §1's envelope around a page of `item`, as `paginate` builds it; follow `links.next` until null to read all. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    links: z.object({ first: z.string(), last: z.string(), prev: z.string().nullable(), next: z.string().nullable() }),
    meta: z.object({
      current_page: z.int(),
      last_page: z.int(),
      per_page: z.int(),
      from: z.int().nullable(),
      to: z.int().nullable(),
      total: z.int(),
      path: z.string(),
      links: z.array(pageLink),
    }),
  });
}
