import type { EntityManager } from '@mikro-orm/sql';
import type { Principal, Remember } from '@boardsync/kit';
import { groupNameKey, type GroupKind } from '../domain/group-rules.ts';
import type { ComponentGroup } from '../store/entities/component-group.ts';
import { ensureGroups } from '../store/groups.ts';
import { recordChanges } from './record-changes.ts';
import { lockWritableProject } from './project-access.ts';

/** docs/rules.md "Groups (decks and stacks)": a new group (at the end of the group order), or the existing one of that kind and name, ignoring case. */
export async function createGroup(
  em: EntityManager,
  principal: Principal,
  projectId: number,
  group: { kind: GroupKind; name: string },
  remember?: Remember<{ group: ComponentGroup; created: boolean }>,
): Promise<{ group: ComponentGroup; created: boolean }> {
  return em.transactional(async (tx) => {
    const project = await lockWritableProject(tx, principal.designerId, projectId);
    const ensured = (await ensureGroups(tx, project.id, group.kind, [group.name])).get(groupNameKey(group.name));
    if (!ensured) throw new Error('ensureGroups returned no group for the name it was given');
    if (ensured.created) await recordChanges(tx, principal, [{ resource: 'group', action: 'created', projectId: project.id, group: ensured.group }]);
    await remember?.(tx, ensured);
    return ensured;
  });
}
