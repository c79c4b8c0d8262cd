/** The ORM, migrations, the outbox and a database-owning service's start: `@boardsync/kit/database`. */
export {
  PendingMigrations,
  migrateDatabase,
  openDatabase,
  pendingMigrations,
  pingDatabase,
  type Database,
  type DatabaseSettings,
  type Entities,
  type Migrations,
} from './db/database.ts';
export { executeBound } from './db/bound.ts';
export { OutboxMessage } from './outbox/outbox-message.ts';
export { OutboxMigration, OutboxNotifyMigration } from './outbox/outbox-migration.ts';
export { IdempotencyAnswerAsSentMigration, IdempotencyMigration } from './idempotency/idempotency-migration.ts';
export { claimKey, fingerprintOf, onceUnder, REPEAT_WAIT_MS, type HeldKey, type IdempotentResult } from './idempotency/held-key.ts';
export { answerOnce, type Answer, type KeptAnswers, type OnceWrite, type Remember } from './idempotency/answer-once.ts';
export { idempotencyKeyForgetter } from './idempotency/key-forgetter.ts';
export { dropExpiredIdempotencyRecords, type IdempotencyScope } from './idempotency/idempotency-records.ts';
export { ChangeSignals, OUTBOX_CHANNEL } from './db/change-signals.ts';
export { enqueueEvents } from './outbox/enqueue.ts';
export { OutboxRelay, type OutboxRelayOptions } from './outbox/relay.ts';
export { nudgeAfterCommit } from './outbox/commit-nudge.ts';
export { outboxReadiness, registerOutboxMetrics } from './outbox/outbox-health.ts';
export { startDatabaseService, type DatabaseServiceSettings, type RunningDatabaseService } from './service-runtime.ts';
export { databaseServiceApps, type DatabaseServiceAppsOptions, type DatabaseServiceDependencies } from './service-apps.ts';
