import type { Database, Logger } from '@boardsync/kit';
import type { SecretKeyring } from '../domain/secret-keyring.ts';
import { replaceSecret, secretsAfter } from '../store/webhooks.ts';

const PAGE = 500;

/**
 * Once per start: every stored signing secret not sealed under the first key of
 * WEBHOOK_SECRET_KEYS (an older key's, or a bare `whsec_` stored before sealing) is sealed under it.
 * This is what makes a key rotation finish: after a start with the new key first has logged
 * "webhook secrets resealed", the old key can leave the list.
 */
export class SecretResealing {
  readonly name = 'webhook secret resealing';
  private running: Promise<void> = Promise.resolve();
  private stopped = false;

  private readonly orm: Database;
  private readonly keyring: SecretKeyring;
  private readonly logger: Logger;

  constructor(orm: Database, keyring: SecretKeyring, logger: Logger) {
    this.orm = orm;
    this.keyring = keyring;
    this.logger = logger;
  }

  start(): void {
    this.running = this.resealAll().then(
      () => undefined,
      (error: unknown) => {
        this.logger.error({ err: error }, 'resealing webhook secrets failed; the next start tries again');
      },
    );
  }

  async resealAll(): Promise<number> {
    let resealed = 0;
    let afterId = 0;
    for (;;) {
      const page = await secretsAfter(this.orm.em.fork(), afterId, PAGE);
      for (const { id, secret } of page) {
        if (this.stopped) return resealed;
        if (this.keyring.isCurrent(secret)) continue;
        const sealed = this.keyring.seal(this.keyring.open(secret));
        if (await replaceSecret(this.orm.em.fork(), id, secret, sealed)) resealed++;
      }
      const last = page.at(-1);
      if (!last || page.length < PAGE) break;
      afterId = last.id;
    }
    this.logger.info({ resealed, key: this.keyring.currentId }, 'webhook secrets resealed');
    return resealed;
  }

  async close(): Promise<void> {
    this.stopped = true;
    await this.running;
  }
}
