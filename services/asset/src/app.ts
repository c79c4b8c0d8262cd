import { apiGuard, createServiceApps, outboxReadiness, pingDatabase, type EventBus, type Logger, type ServiceApps } from '@boardsync/kit';
import type { AssetSettings } from './config.ts';
import { assetsRouter } from './http/assets.ts';
import { internalRouter } from './http/internal.ts';
import type { WorkPool } from './media/work-pool.ts';
import type { ProjectFacts } from './peers/project-facts.ts';
import type { AssetRuntime } from './use-cases/asset-runtime.ts';

export interface AssetDependencies {
  runtime: AssetRuntime;
  /** Uploads and mirrors in flight at once (each may hold a 50 MB scratch file). */
  admission: WorkPool;
  bus: EventBus;
  facts: ProjectFacts;
  logger: Logger;
  config: Pick<AssetSettings, 'INTERNAL_JWT_SECRET' | 'PUBLIC_BASE_URL'>;
}

/**
 * The asset service's two listeners. Public: the API the gateway proxies to (each router reads
 * its own bodies: multipart streamed to disk for uploads, small JSON otherwise). Internal (never
 * proxied): `/internal/*` for auth's `/me`, readiness detail, metrics.
 */
export function createApp({ runtime, admission, bus, facts, logger, config }: AssetDependencies): ServiceApps {
  const { orm } = runtime;
  const apps = createServiceApps({
    service: 'asset',
    logger,
    jsonLimit: false,
    readiness: { database: () => pingDatabase(orm), objects: () => runtime.objects.ping() },
    observed: { bus: () => bus.ping(), outbox: outboxReadiness(orm) },
  });
  apps.public.use(apiGuard('asset', config.INTERNAL_JWT_SECRET));
  const assets = assetsRouter(runtime, facts, admission, { publicBaseUrl: config.PUBLIC_BASE_URL });
  apps.public.use(assets.routes()).use(assets.allowedMethods());
  const internal = internalRouter(orm, config.INTERNAL_JWT_SECRET);
  apps.internal.use(internal.routes()).use(internal.allowedMethods());
  return apps;
}
