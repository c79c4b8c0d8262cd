import { expect } from '@jest/globals';
import { send } from './components.ts';
import type { CatalogWorld, Caller } from './world.ts';

export interface Change {
  cursor: string;
  occurred_at: string;
  project_id: number;
  resource: string;
  action: string;
  id: number;
  unique_id: string | null;
  app: string | null;
  data: Record<string, unknown> | null;
}

export interface ChangePage {
  data: Change[];
  links: { next: string };
  meta: { cursor: string; has_more: boolean };
}

export async function headOf(world: CatalogWorld, caller: Caller): Promise<string> {
  const head = await send<{ cursor: string }>(world, caller, 'GET', '/api/v1/changes/head');
  expect(head.status).toBe(200);
  return head.body.cursor;
}

// The type parameter only names what the test expects the JSON to be; nothing checks it at run time.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export function changesAfter<T = ChangePage>(world: CatalogWorld, caller: Caller, query: Record<string, string | number | undefined>) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  return send<T>(world, caller, 'GET', `/api/v1/changes?${params.toString()}`);
}

/** Every change after `after` (from the oldest kept when undefined), paging with `meta.cursor` until `has_more` is false. */
export async function drain(
  world: CatalogWorld,
  caller: Caller,
  after: string | undefined,
  extra: Record<string, string | number> = {},
): Promise<{ changes: Change[]; cursor: string }> {
  const changes: Change[] = [];
  let cursor = after;
  for (;;) {
    const page = await changesAfter(world, caller, { ...extra, after: cursor });
    expect(page.status).toBe(200);
    changes.push(...page.body.data);
    cursor = page.body.meta.cursor;
    if (!page.body.meta.has_more) return { changes, cursor };
  }
}

/** What a test compares of a change: what happened to which resource. */
export const summary = (change: Change): string => `${change.resource} ${change.action} ${String(change.id)}`;
