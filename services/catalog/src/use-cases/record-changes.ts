import type { EntityManager } from '@mikro-orm/sql';
import { appOfSource, type ChangeAction, type ChangeEntry } from '../domain/change.ts';
import type { ProjectRecord } from '../domain/project-record.ts';
import { appendChanges } from '../store/change-log.ts';
import { componentSnapshots, groupSnapshot, projectSnapshot } from '../store/change-snapshots.ts';
import type { ComponentGroup } from '../store/entities/component-group.ts';
import { membersOf } from '../store/groups.ts';

/** Who wrote: the designer whose feed it goes to, and the source tag (`api:{client_id}`) naming the app, if any. */
export interface ChangeWriter {
  designerId: number;
  source: string | null | undefined;
}

/** A change a write made, before its snapshot is read: components are read together, in one statement. */
export type PendingChange =
  | { resource: 'project'; action: ChangeAction; project: ProjectRecord }
  | { resource: 'group'; action: ChangeAction; projectId: number; group: ComponentGroup }
  | { resource: 'component'; action: ChangeAction; projectId: number; components: readonly { id: number; uniqueId: string }[] };

/**
 * Records a write's changes in the changes feed. Call it last in the write's transaction, after
 * its flush: it reads the resources as they now are, and taking the feed's numbers holds the
 * designer's head row until commit (store/change-log.ts).
 */
export async function recordChanges(tx: EntityManager, writer: ChangeWriter, changes: readonly PendingChange[]): Promise<void> {
  const kept = changes.filter((change) => change.resource !== 'component' || change.components.length > 0);
  if (kept.length === 0) return;
  const shown = kept.flatMap((change) => (change.resource === 'component' && change.action !== 'deleted' ? change.components.map(({ id }) => id) : []));
  const components = await componentSnapshots(tx, [...new Set(shown)]);
  const entries: ChangeEntry[] = [];
  for (const change of kept) {
    if (change.resource === 'project') {
      const snapshot = change.action === 'deleted' ? null : await projectSnapshot(tx, change.project);
      entries.push({ projectId: change.project.id, resource: 'project', action: change.action, id: change.project.id, snapshot });
    } else if (change.resource === 'group') {
      entries.push({
        projectId: change.projectId,
        resource: 'group',
        action: change.action,
        id: change.group.id,
        snapshot: change.action === 'deleted' ? null : groupSnapshot(change.group),
      });
    } else {
      for (const { id, uniqueId } of change.components) {
        const snapshot = change.action === 'deleted' ? null : (components.get(id) ?? null);
        entries.push({ projectId: change.projectId, resource: 'component', action: change.action, id, uniqueId, snapshot });
      }
    }
  }
  await appendChanges(tx, writer.designerId, appOfSource(writer.source), entries);
}

/** A group's member components, each once: their deck or stack names change with the group. */
export async function memberComponentsOf(tx: EntityManager, group: ComponentGroup): Promise<{ id: number; uniqueId: string }[]> {
  const members = (await membersOf(tx, [group.id])).get(group.id) ?? [];
  return [...new Map(members.map((member) => [member.componentId, { id: member.componentId, uniqueId: member.uniqueId }])).values()];
}

/** A group changed (or went) and, since their deck or stack names changed with it, its members before and after. */
export function groupChanges(
  group: ComponentGroup,
  action: 'updated' | 'deleted',
  members: readonly (readonly { id: number; uniqueId: string }[])[],
): PendingChange[] {
  const components = [...new Map(members.flat().map((member) => [member.id, member])).values()];
  return [
    { resource: 'group', action, projectId: group.projectId, group },
    { resource: 'component', action: 'updated', projectId: group.projectId, components },
  ];
}
