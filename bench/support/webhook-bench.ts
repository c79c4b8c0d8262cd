/** What both webhook benchmarks share: the catalog and the webhook service on fresh databases, and waiting for a component's delivery. */
import { eventMessage } from '@boardsync/kit';
import { createTestDatabase } from '@boardsync/kit/testing';
import { sharedServiceEnv, startService, stopServices, type StartedService } from './services.ts';
import { STANDALONE_WEBHOOK_SECRET_KEYS } from '../../tests/support/standalone-env.ts';
import { ConsentAuthority } from '../../services/webhook/test/support/consent-authority.ts';

export interface CatalogAndWebhook {
  catalog: StartedService;
  webhook: StartedService;
  /** The webhook service's database, for a benchmark that watches its queue. */
  webhookDatabaseUrl: string;
  /** Stops both services and drops their databases. */
  stop: () => Promise<void>;
}

/** Catalog and webhook, each started alone from its main.ts on its own new database, receivers on loopback allowed; `webhookEnv` on top. */
export async function startCatalogAndWebhook(namespace: string, principalSecret: string, webhookEnv: Record<string, string> = {}): Promise<CatalogAndWebhook> {
  const [catalogDb, webhookDb] = [await createTestDatabase('bench_catalog'), await createTestDatabase('bench_webhook')];
  const common = sharedServiceEnv(namespace, principalSecret);
  // Auth's consent question, which the service asks before sending (every consent stands here).
  const consents = new ConsentAuthority(principalSecret);
  const authInternalUrl = await consents.start();
  const catalog = await startService('catalog', { ...common, DATABASE_URL: catalogDb.url });
  const webhook = await startService('webhook', {
    ...common,
    DATABASE_URL: webhookDb.url,
    WEBHOOK_SECRET_KEYS: STANDALONE_WEBHOOK_SECRET_KEYS,
    AUTH_INTERNAL_URL: authInternalUrl,
    SSRF_ALLOW_CIDRS: '127.0.0.1/32',
    ...webhookEnv,
  });
  return {
    catalog,
    webhook,
    webhookDatabaseUrl: webhookDb.url,
    stop: async () => {
      await stopServices([catalog, webhook]);
      await consents.stop();
      await catalogDb.drop();
      await webhookDb.drop();
    },
  };
}

/** Writes that wait for their component's delivery: the receiver calls `arrived` with each delivered component's name. */
export class ComponentArrivals {
  private readonly waiting = new Map<string, () => void>();

  get anyWaiting(): boolean {
    return this.waiting.size > 0;
  }

  /** Wakes the write waiting for `name`, if one is; says whether one was. */
  arrived(name: string): boolean {
    const wake = this.waiting.get(name);
    this.waiting.delete(name);
    wake?.();
    return wake !== undefined;
  }

  /** A delivery's body as the receiver got it: every component it names has arrived. Says whether it woke a waiting write. */
  arrivedIn(body: Buffer): boolean {
    if (!this.anyWaiting) return false;
    const envelope = JSON.parse(body.toString('utf8')) as { data?: { components?: { name: string }[] } };
    return (envelope.data?.components ?? []).map((component) => this.arrived(component.name)).includes(true);
  }

  /** Runs `write` (which writes a component named `name`) and waits until its delivery arrives. */
  async writeAndReceive(name: string, write: () => Promise<unknown>, timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<void>((resolve, reject) => {
      this.waiting.set(name, resolve);
      timer = setTimeout(() => {
        this.waiting.delete(name);
        reject(new Error(`no delivery for ${name} within ${String(timeoutMs)} ms`));
      }, timeoutMs);
    });
    await write();
    await arrived.finally(() => {
      clearTimeout(timer);
    });
  }
}

/** A `components.changed` event as the catalog's outbox publishes it: card `name` (id `projectId`) added to project `projectId` of `origin`'s designer. */
export function cardAddedEvent(projectId: number, name: string, origin: { designerId: number; source: string }): ReturnType<typeof eventMessage> {
  return eventMessage(
    String(projectId),
    {
      $case: 'componentsChanged',
      value: { projectId, type: 'card', created: 1, updated: 0, deleted: 0, components: [{ id: projectId, name, type: 'card' }] },
    },
    origin,
  );
}
