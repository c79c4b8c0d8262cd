import type { Database, KeptAnswers, Logger } from '@boardsync/kit';
import type { Operation } from '@boardsync/kit/contract';
import type { ChangeFeed } from '../use-cases/change-reader.ts';
import type { FollowSettings } from '../use-cases/follow-changes.ts';
import type { WriteSettings } from '../use-cases/write-components.ts';
import type { ChangeMetrics } from './change-metrics.ts';

/** What every catalog operation's handler is given. */
export interface CatalogApi extends WriteSettings {
  orm: Database;
  /** The gateway's public origin, which links in answers start with. */
  publicBaseUrl: string;
  /** The changes feed's cursors and waiting readers. */
  feed: ChangeFeed;
  /** How long a stream lives and how often it says it is alive. */
  stream: Omit<FollowSettings, 'pageSize'>;
  metrics: ChangeMetrics;
  logger: Logger;
  /** How every POST keeps its answers for a repeat with the same Idempotency-Key. */
  keys: KeptAnswers;
}

export type CatalogOperation = Operation<CatalogApi>;
