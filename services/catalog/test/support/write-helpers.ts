import { eventually } from '@boardsync/kit/testing';
import { changesOf, listAll, send, type ComponentBody, type WriteReply } from './components.ts';
import type { CatalogWorld, Caller } from './world.ts';

/** The small vocabulary the component-write suites speak: a fresh caller, a one-row write, N rows, a lookup, the events. */
export function writeHelpers(world: CatalogWorld) {
  const someone = (source = 'api:personal'): Caller => ({ designerId: world.designer(), source });
  const single = (caller: Caller, projectId: number, body: Record<string, unknown>) =>
    send<WriteReply>(world, caller, 'POST', `/api/v1/projects/${String(projectId)}/components`, body);
  const rows = (count: number, row: (index: number) => Record<string, unknown>) => Array.from({ length: count }, (_, index) => row(index));
  const byUniqueId = async (caller: Caller, projectId: number, uniqueId: string): Promise<ComponentBody> => {
    const [found] = await listAll(world, caller, projectId, `&unique_id=${encodeURIComponent(uniqueId)}`);
    if (!found) throw new Error(`no component ${uniqueId}`);
    return found;
  };
  /** Waits until `count` events about the project have arrived, then returns them. */
  const changesAfter = (projectId: number, count: number) =>
    eventually(
      () => (changesOf(world, projectId).length >= count ? changesOf(world, projectId) : undefined),
      20_000,
      `${String(count)} components.changed events`,
    );
  return { someone, single, rows, byUniqueId, changesAfter };
}
