import { IdempotencyAnswerAsSentMigration, IdempotencyMigration, OutboxMigration, OutboxNotifyMigration } from '@boardsync/kit';
import { AssetsAndStorage } from './20261122100000-assets-and-storage.ts';

/** In order; a migration once released is never edited, only followed. */
// IdempotencyMigration finds the table AssetsAndStorage made, and leaves it: it is listed so every
// service that honours Idempotency-Key names the kit's table the same way.
export const migrations = [OutboxMigration, AssetsAndStorage, OutboxNotifyMigration, IdempotencyMigration, IdempotencyAnswerAsSentMigration];
