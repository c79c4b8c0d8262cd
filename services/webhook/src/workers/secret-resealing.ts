import { Gauge, type Registry } from 'prom-client';
import type { Database, Logger } from '@boardsync/kit';
import { CachedReading } from '@boardsync/kit/metrics';
import { UNREADABLE_SECRET, isUnbound, type SecretKeyring } from '../domain/secret-keyring.ts';
import { countSecretsNotUnder, replaceSecret, secretsAfter } from '../store/webhooks.ts';

const PAGE = 500;
/** How often every replica looks again: during a rolling update, pods still on the old key list keep sealing new secrets under the old key. */
export const RESEAL_EVERY_MS = 60_000;

export interface ResealPass {
  resealed: number;
  /** Rows no listed key opens: left as they are (their deliveries fail as `secret_unreadable`). */
  unreadable: number;
  /**
   * Rows holding a `v1` or bare value while sealing `v2`: left as they are and refused (their
   * deliveries fail as `secret_unreadable`), since nothing tells a value copied onto another row from
   * its own; only {@link SecretResealing.resealAll} with `bindUnbound` binds them to the row they are on.
   */
  unbound: number;
}

/**
 * At start and every minute: every stored signing secret not sealed under the first key of
 * WEBHOOK_SECRET_KEYS in the version WEBHOOK_SECRET_BINDING asks for (an older key's, the other
 * version, or a bare `whsec_` stored before sealing) is sealed under it, in that version — but for
 * `v1` and bare values under `webhook`, which are refused rather than bound (ResealPass.unbound).
 * This is what makes a key rotation finish: once every pod runs with the new key first and
 * `boardsync_webhook_secrets_not_under_first_key` reads 0, the old key can leave the list.
 */
export class SecretResealing {
  readonly name = 'webhook secret resealing';
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  private wake: (() => void) | undefined;

  private readonly orm: Database;
  private readonly keyring: SecretKeyring;
  private readonly logger: Logger;
  private readonly everyMs: number;

  constructor(orm: Database, keyring: SecretKeyring, logger: Logger, options: { everyMs?: number } = {}) {
    this.orm = orm;
    this.keyring = keyring;
    this.logger = logger;
    this.everyMs = options.everyMs ?? RESEAL_EVERY_MS;
  }

  start(): void {
    this.running = this.loop();
  }

  /** What secrets are sealed under now, as the admin API shows it. */
  get sealing(): { first_key: string; version: string } {
    return { first_key: this.keyring.currentId, version: this.keyring.version };
  }

  /** Stored secrets not under the first key in the version sealed now (counted now). */
  countNotUnderFirstKey(): Promise<number> {
    return countSecretsNotUnder(this.orm.em.fork(), this.keyring.currentPrefix);
  }

  /**
   * One pass over every row, resealing what is not under the first key. `bindUnbound` (the operator's
   * one-time `POST /admin/secrets/reseal?bind_unbound=true`) also seals `v1` and bare values bound to
   * the row they are on, trusting that none was copied there.
   */
  async resealAll(options: { bindUnbound?: boolean } = {}): Promise<ResealPass> {
    const keyring = options.bindUnbound === true ? this.keyring.openingUnbound() : this.keyring;
    const pass: ResealPass = { resealed: 0, unreadable: 0, unbound: 0 };
    let afterId = 0;
    for (;;) {
      const page = await secretsAfter(this.orm.em.fork(), afterId, PAGE);
      for (const { id, secret } of page) {
        if (this.stopped) return pass;
        if (keyring.isCurrent(secret)) continue;
        if (!keyring.opensUnbound && isUnbound(secret)) {
          pass.unbound++;
          continue;
        }
        const opened = keyring.openOrUnreadable(secret, id);
        if (opened === UNREADABLE_SECRET) pass.unreadable++;
        else if (await replaceSecret(this.orm.em.fork(), id, secret, keyring.seal(opened, id))) pass.resealed++;
      }
      const last = page.at(-1);
      if (!last || page.length < PAGE) break;
      afterId = last.id;
    }
    return pass;
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
  }

  private async loop(): Promise<void> {
    // Read through a function, not the field: TypeScript would keep the loop condition's narrowing across the awaits.
    const stopped = (): boolean => this.stopped;
    for (let first = true; !stopped(); first = false) {
      try {
        const pass = await this.resealAll();
        if (first || pass.resealed > 0) this.logger.info({ ...pass, key: this.keyring.currentId }, 'webhook secrets resealed');
        if (pass.unreadable > 0) this.logger.warn({ ...pass, key: this.keyring.currentId }, 'webhook secrets no listed key opens were left as they are');
        if (pass.unbound > 0)
          this.logger.warn(
            { ...pass, key: this.keyring.currentId },
            'webhook secrets not bound to their webhook (v1 or bare) are refused under WEBHOOK_SECRET_BINDING=webhook and were left as they are: bind them once (docs/operations.md §6)',
          );
      } catch (error) {
        this.logger.error({ err: error }, 'resealing webhook secrets failed; tried again at the next pass');
      }
      if (stopped()) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.everyMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** Registers `boardsync_webhook_secrets_not_under_first_key` (the service's registry exists only once its apps do, which take this). */
  registerMetric(registry: Registry): void {
    // A count over the whole table, so at most once per pass however often it is scraped: nothing changes it faster.
    const reading = new CachedReading(() => this.countNotUnderFirstKey(), {
      maxAgeMs: this.everyMs,
      onError: (error: unknown) => {
        this.logger.warn({ err: error }, 'counting webhook secrets for metrics failed; the previous value is reported');
      },
    });
    new Gauge({
      name: 'boardsync_webhook_secrets_not_under_first_key',
      help: 'Stored webhook signing secrets not sealed under the first key of WEBHOOK_SECRET_KEYS (in the version WEBHOOK_SECRET_BINDING asks for); the old key may leave the list once every pod reads 0',
      registers: [registry],
      async collect() {
        const value = await reading.get();
        if (value !== undefined) this.set(value);
      },
    });
  }
}
