import { IdempotencyAnswerAsSentMigration, IdempotencyMigration, OutboxMigration, OutboxNotifyMigration } from '@boardsync/kit';
import { ProjectsAndCustomMasks } from './20261121130000-projects-and-custom-masks.ts';
import { ComponentsAndGroups } from './20261121140000-components-and-groups.ts';
import { ChangeFeed } from './20261129100000-change-feed.ts';

/** In order; a migration once released is never edited, only followed. */
export const migrations = [
  OutboxMigration,
  ProjectsAndCustomMasks,
  ComponentsAndGroups,
  OutboxNotifyMigration,
  ChangeFeed,
  IdempotencyMigration,
  IdempotencyAnswerAsSentMigration,
];
