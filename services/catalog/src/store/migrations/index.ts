import { OutboxMigration, OutboxNotifyMigration } from '@boardsync/kit';
import { ProjectsAndCustomMasks } from './20261121130000-projects-and-custom-masks.ts';
import { ComponentsAndGroups } from './20261121140000-components-and-groups.ts';

/** In order; a migration once released is never edited, only followed. */
export const migrations = [OutboxMigration, ProjectsAndCustomMasks, ComponentsAndGroups, OutboxNotifyMigration];
