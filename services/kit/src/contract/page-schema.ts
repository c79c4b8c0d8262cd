import { z } from 'zod';

/** Spec §1's page query: what `pageRequest` reads (unreadable values take the default; per_page is clamped). */
export const pageQuery = z.object({
  page: z.int().min(1).optional().describe('1-based; a page past the last is empty.'),
  per_page: z.int().min(1).optional().describe('Rows per page; larger values are clamped to the operation’s maximum.'),
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
