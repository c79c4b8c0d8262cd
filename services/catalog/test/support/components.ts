import { expect } from '@jest/globals';
import type { ComponentsChanged } from '@boardsync/kit';
import type { CatalogWorld, Caller } from './world.ts';

export interface ComponentBody {
  id: number;
  unique_id: string;
  type: string;
  name: string | null;
  source: string | null;
  deck_names: string[];
  stack_names: string[];
  [field: string]: unknown;
}

export interface WriteResult {
  created: number;
  updated: number;
  deleted: number;
  errors: { index: number; unique_id: string; name: string | null; code: string; message: string }[];
  kept_artwork: string[];
  components: { id: number; name: string | null; type: string }[];
  internalizing: boolean;
}

export interface Problem {
  code: string;
  detail: string;
  errors?: Record<string, string[]>;
}

export async function newProject(world: CatalogWorld, caller: Caller, name = 'Game'): Promise<number> {
  const response = await world.call(caller, 'POST', '/api/v1/projects', { name });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

// The type parameter only names what the test expects the JSON to be; nothing checks it at run time.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export async function send<T>(world: CatalogWorld, caller: Caller, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await world.call(caller, method, path, body);
  return { status: response.status, body: (await response.json()) as T };
}

/** A write's answer: the write result on 2xx, a problem otherwise (whose `errors` are field errors). */
export type WriteReply = Omit<WriteResult, 'errors'> & Omit<Problem, 'errors'> & { errors: unknown };

export const fieldErrorsOf = (body: { errors?: unknown }): Record<string, string[]> => (body.errors ?? {}) as Record<string, string[]>;

export function batch(world: CatalogWorld, caller: Caller, projectId: number, body: Record<string, unknown>) {
  return send<WriteReply>(world, caller, 'POST', `/api/v1/projects/${String(projectId)}/components/batch`, body);
}

/** Every component of the project, following links.next as a client would. */
export async function listAll(world: CatalogWorld, caller: Caller, projectId: number, query = ''): Promise<ComponentBody[]> {
  const rows: ComponentBody[] = [];
  let next: string | null = `/api/v1/projects/${String(projectId)}/components?per_page=200${query}`;
  while (next) {
    const page: { status: number; body: { data: ComponentBody[]; links: { next: string | null } } } = await send(
      world,
      caller,
      'GET',
      next.replace('https://api.boardsync.test', ''),
    );
    expect(page.status).toBe(200);
    rows.push(...page.body.data);
    next = page.body.links.next;
  }
  return rows;
}

/** `components.changed` events about one project seen on the real topic so far. */
export function changesOf(world: CatalogWorld, projectId: number): ComponentsChanged[] {
  return world.events.flatMap((event) => (event.event?.$case === 'componentsChanged' && event.event.value.projectId === projectId ? [event.event.value] : []));
}
