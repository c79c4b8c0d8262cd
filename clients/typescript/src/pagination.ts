import { refusal } from './refusals.ts';
import type { paths } from './openapi.gen.ts';
import { withSignal, type CallOptions } from './call-options.ts';
import type { Transport } from './transport.ts';

type GetOperation<Path extends keyof paths> = paths[Path] extends { get: infer Operation } ? Operation : never;
type JsonOk<Operation> = Operation extends { responses: { 200: { content: { 'application/json': infer Body } } } } ? Body : never;
type Page = { data: unknown[]; links: { next: string | null } };

/** Every GET path that answers a paginated list (docs/rules.md "Pagination": `data`, `links`, `meta`). */
export type ListPath = { [Path in keyof paths]: JsonOk<GetOperation<Path>> extends Page ? Path : never }[keyof paths];

/** One row of the list at `Path`. */
export type ListItem<Path extends ListPath> = JsonOk<GetOperation<Path>> extends { data: (infer Item)[] } ? Item : never;

/** The path and query parameters of the list at `Path`. */
export type ListParams<Path extends ListPath> =
  GetOperation<Path> extends { parameters: infer Params } ? Pick<Params, 'path' & keyof Params> & Pick<Params, 'query' & keyof Params> : never;

/**
 * Every row of a paginated list, page by page, following `links.next` until it is null (docs/rules.md "Pagination": the
 * way to read every row). Each link is followed on the client's own base URL: it must name the same
 * list, and only its query (page, size, filters) is taken, so the token never goes anywhere else.
 */
export async function* listPages<Path extends ListPath>(
  transport: Transport,
  baseUrl: string,
  path: Path,
  params: ListParams<Path>,
  options: CallOptions = {},
): AsyncGenerator<ListItem<Path>, void, undefined> {
  const { path: pathParams, query } = params as { path?: Record<string, string | number>; query?: Record<string, QueryValue> };
  const first = firstPageUrl(baseUrl, path, pathParams, query);
  let next: URL | null = first;
  while (next !== null) {
    const response = await transport(new Request(next, { headers: { accept: 'application/json' }, ...withSignal(options) }));
    if (!response.ok) throw await refusal(response);
    const page = (await response.json()) as Page;
    for (const row of page.data) yield row as ListItem<Path>;
    next = page.links.next === null ? null : sameList(first, page.links.next);
  }
}

type QueryValue = string | number | boolean | undefined;

function firstPageUrl(baseUrl: string, path: string, pathParams: Record<string, string | number> = {}, query: Record<string, QueryValue> = {}): URL {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = pathParams[name];
    if (value === undefined) throw new TypeError(`${path} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${filled}`);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
  return url;
}

function sameList(first: URL, link: string): URL {
  const linked = new URL(link, first);
  if (!linked.pathname.endsWith(first.pathname.slice(first.pathname.indexOf('/api/')))) {
    throw new Error(`links.next names another list (${linked.pathname}, not ${first.pathname}); not following it`);
  }
  const next = new URL(first);
  next.search = linked.search;
  return next;
}
