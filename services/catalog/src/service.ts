import { Topics, createHttpMetrics, databaseServiceApps, idempotencyKeyForgetter, serveOperations, startDatabaseService } from '@boardsync/kit';
import type { Database, DatabaseServiceDependencies, Logger, RunningDatabaseService, ServiceAdapters, ServiceApps, ServiceDefinition } from '@boardsync/kit';
import type { CatalogSettings } from './config.ts';
import { CursorCodec } from './domain/change-cursor.ts';
import { assetsChangedConsumer } from './events/assets-changed.ts';
import { internalizeCompletedConsumer } from './events/internalize-completed.ts';
import { adminRouter } from './http/admin.ts';
import { changeOperations } from './http/changes.ts';
import { componentOperations } from './http/components.ts';
import { groupOperations } from './http/groups.ts';
import { maskOperations } from './http/masks.ts';
import { projectOperations } from './http/projects.ts';
import { registerChangeMetrics } from './http/change-metrics.ts';
import { internalRouter } from './http/internal.ts';
import { wakeAfterChangesCommit } from './store/change-commits.ts';
import { CHANGES_CHANNEL } from './store/change-log.ts';
import { ChangeWaiters } from './store/change-waiters.ts';
import { entities } from './store/entities/index.ts';
import { migrations } from './store/migrations/index.ts';
import type { ChangeFeed } from './use-cases/change-reader.ts';
import { SharedChangeReads } from './use-cases/shared-change-reads.ts';
import { changePruner } from './workers/change-pruner.ts';

/** What the running catalog and its one-shot commands (`node src/main.ts migrate|create-topics`) share. */
export const catalogService = {
  service: 'catalog',
  entities,
  migrations,
  produces: [Topics.componentsChanged, Topics.projectUpdated, Topics.internalizeRequested],
  consumes: [Topics.internalizeCompleted, Topics.assetsChanged],
} satisfies ServiceDefinition;

/** The catalog's public API: every operation of its public listener, from which its router, the contract and the gateway's route table are built. */
export const catalogOperations = [...projectOperations, ...componentOperations, ...groupOperations, ...maskOperations, ...changeOperations];

export interface CatalogDependencies extends DatabaseServiceDependencies {
  config: Pick<CatalogSettings, 'ADMIN_TOKEN' | 'INTERNAL_JWT_SECRET' | 'ASSET_PUBLIC_URL' | 'PUBLIC_BASE_URL'> &
    Partial<Pick<CatalogSettings, 'CHANGES_MAX_WAITING_PER_DESIGNER' | 'CHANGES_HEARTBEAT_MS' | 'CHANGES_STREAM_MAX_SECONDS' | 'IDEMPOTENCY_TTL_HOURS'>>;
  /** The changes feed's cursors and waiting readers; made here when not given (then only this process's commits wake its readers). */
  feed?: ChangeFeed;
}

/** The changes feed's cursors and its waiting readers, woken by this process's commits as soon as they commit. */
export function changeFeed(orm: Database, config: CatalogDependencies['config']): ChangeFeed {
  const waiters = new ChangeWaiters(config.CHANGES_MAX_WAITING_PER_DESIGNER ?? 10);
  wakeAfterChangesCommit(orm, (designerId) => {
    waiters.wake(designerId);
  });
  return { codec: new CursorCodec(config.INTERNAL_JWT_SECRET), waiters, reads: new SharedChangeReads(waiters) };
}

/**
 * The catalog's two listeners, built from live dependencies (tests pass real ones). Public: the
 * API the gateway proxies to. Internal (never proxied): the admin API and `/internal/*` for auth's `/me`.
 */
export function createApp({ orm, bus, logger, config, feed = changeFeed(orm, config) }: CatalogDependencies): ServiceApps {
  const { PUBLIC_BASE_URL: publicBaseUrl, ASSET_PUBLIC_URL: storedArtworkBaseUrl } = config;
  const metrics = createHttpMetrics('catalog');
  return databaseServiceApps({
    metrics,
    service: 'catalog',
    orm,
    bus,
    logger,
    principalSecret: config.INTERNAL_JWT_SECRET,
    // Each operation reads its own JSON body: 32 MB for a batch write, 1 MB everywhere else (http/json-bodies.ts).
    jsonLimit: false,
    api: serveOperations(catalogOperations, {
      orm,
      feed,
      publicBaseUrl,
      storedArtworkBaseUrl,
      logger,
      metrics: registerChangeMetrics(metrics.registry, feed.waiters),
      stream: { heartbeatMs: config.CHANGES_HEARTBEAT_MS ?? 15_000, maxMs: (config.CHANGES_STREAM_MAX_SECONDS ?? 60) * 1000 },
      keys: { ttlHours: config.IDEMPOTENCY_TTL_HOURS ?? 24 },
    }),
    internal: [internalRouter(orm, config.INTERNAL_JWT_SECRET), adminRouter(orm, config.ADMIN_TOKEN)],
  });
}

/** Migrates, relays the outbox, applies internalized artwork and serves the catalog on the adapters given (production's or the embedded mode's). */
export function startCatalog(settings: CatalogSettings, logger: Logger, adapters: ServiceAdapters): Promise<RunningDatabaseService> {
  return startDatabaseService({
    ...catalogService,
    config: settings,
    adapters,
    logger,
    wire: ({ orm, bus, signals }) => {
      const feed = changeFeed(orm, settings);
      // Another replica's commit: its designer's readers look again; after a reconnect, everyone's.
      signals?.on(CHANGES_CHANNEL, (designer) => {
        if (designer === undefined) feed.waiters.wakeAll();
        else feed.waiters.wake(Number(designer));
      });
      return {
        apps: createApp({ orm, bus, logger, config: settings, feed }),
        consumers: [internalizeCompletedConsumer(orm, logger), assetsChangedConsumer(orm)],
        workers: [changePruner(orm, logger, settings.CHANGES_RETENTION), idempotencyKeyForgetter(orm, logger, settings.IDEMPOTENCY_TTL_HOURS)],
        heldRequests: [
          {
            name: 'catalog changes readers',
            close: () => {
              feed.waiters.stop();
              return Promise.resolve();
            },
          },
        ],
      };
    },
  });
}
