import type { Database, KeptAnswers } from '@boardsync/kit';
import type { Operation } from '@boardsync/kit/contract';
import type { SafeHttpClient } from '@boardsync/kit/outbound';
import type { SecretKeyring } from '../domain/secret-keyring.ts';

/** What every webhook operation's handler is given. */
export interface WebhookApi {
  orm: Database;
  /** Checks a URL is public at registration, and sends pings, as deliveries do at every attempt. */
  outbound: SafeHttpClient;
  /** Seals each new signing secret before it is stored, and opens a stored one to sign a ping. */
  keyring: SecretKeyring;
  /** docs/rules.md "Limits": webhooks per app per designer. */
  maxPerApp: number;
  /** Webhooks per designer across its apps. */
  maxPerDesigner: number;
  /** The gateway's public origin, which links in answers start with. */
  publicBaseUrl: string;
  /** A ping's receiver must answer within this, as a delivery's must. */
  timeoutMs: number;
  /** Deliveries older than this are pruned, so a recovery window is at most this long. */
  retentionDays: number;
  /** Deliveries were queued again (redeliver, recover): this process's worker claims them now, as after a fan-out. */
  deliveriesQueued: () => void;
  /** How every POST keeps its answers for a repeat with the same Idempotency-Key. */
  keys: KeptAnswers;
}

export type WebhookOperation = Operation<WebhookApi>;
