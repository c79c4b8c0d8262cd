import { OutboxMigration, OutboxNotifyMigration } from '@boardsync/kit';
import { AssetsAndStorage } from './20261122100000-assets-and-storage.ts';

/** In order; a migration once released is never edited, only followed. */
export const migrations = [OutboxMigration, AssetsAndStorage, OutboxNotifyMigration];
