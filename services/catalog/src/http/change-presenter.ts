import type { AssetBody } from '@boardsync/kit/contract';
import type { StoredChange } from '../store/change-log.ts';
import type { ComponentSnapshot, GroupSnapshot, ProjectSnapshot } from '../store/change-snapshots.ts';
import type { ChangeBody } from './change-schemas.ts';
import { presentComponent } from './component-presenter.ts';
import { presentGroup } from './group-presenter.ts';
import { presentProject } from './project-presenter.ts';

/** The resource's snapshot through its own GET's presenter (store/change-snapshots.ts keeps what that presenter takes). */
function presentData(change: StoredChange): ChangeBody['data'] {
  if (change.data === null || change.data === undefined) return null;
  switch (change.resource) {
    case 'project': {
      const { project, componentCount } = change.data as ProjectSnapshot;
      return presentProject({ ...project, createdAt: new Date(project.createdAt), updatedAt: new Date(project.updatedAt) }, componentCount);
    }
    case 'component': {
      const row = change.data as ComponentSnapshot;
      return presentComponent({ ...row, created_at: new Date(row.created_at), updated_at: new Date(row.updated_at) });
    }
    case 'group': {
      const group = change.data as GroupSnapshot;
      return presentGroup({ ...group, createdAt: new Date(group.createdAt), updatedAt: new Date(group.updatedAt) });
    }
    case 'asset':
      // The asset service sends its assets already as its GET answers them.
      return change.data as AssetBody;
  }
}

export function presentChange(change: StoredChange, cursor: string): ChangeBody {
  return {
    cursor,
    occurred_at: change.occurredAt.toISOString(),
    project_id: change.projectId,
    resource: change.resource,
    action: change.action,
    id: change.resourceId,
    unique_id: change.uniqueId,
    app: change.app,
    data: presentData(change),
  };
}
