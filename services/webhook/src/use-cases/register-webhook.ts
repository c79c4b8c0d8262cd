import type { EntityManager } from '@mikro-orm/sql';
import { Problem, type Principal, type Remember } from '@boardsync/kit';
import { OutboundRefused, refusedUrlProblem, type SafeHttpClient } from '@boardsync/kit/outbound';
import { newWebhookSecret } from '../domain/secret.ts';
import type { SecretKeyring } from '../domain/secret-keyring.ts';
import type { WebhookEvent } from '../domain/envelope.ts';
import { Webhook } from '../store/entities/webhook.ts';
import { countAppWebhooks, countDesignerWebhooks, lockRegistrations } from '../store/webhooks.ts';
import { appWideRegistrant } from '../store/consents.ts';

export interface Registration {
  url: string;
  events: WebhookEvent[];
}

export interface RegistrationRules {
  /** docs/rules.md "Limits": webhooks per app per designer. */
  maxPerApp: number;
  /** Webhooks per designer across all its apps (designers register apps themselves: without it, no bound). */
  maxPerDesigner: number;
  /** The longest URL stored (the column's width). */
  maxUrlLength: number;
}

function limitReached(limit: number, scope: 'app' | 'account'): Problem {
  return new Problem({
    status: 422,
    code: 'webhook_limit_reached',
    detail:
      scope === 'app'
        ? `An app may register at most ${String(limit)} webhooks for an account; delete one to register another.`
        : `An account may have at most ${String(limit)} webhooks across all its apps; delete one to register another.`,
    extensions: { limit, scope },
  });
}

/**
 * The URL deliveries will be POSTed to, in the form they will use: absolute http(s), no
 * credentials, and public by the outbound client's rules (names resolved now; every delivery
 * checks again, since DNS changes).
 */
async function deliverableUrl(outbound: SafeHttpClient, url: string, maxLength: number): Promise<string> {
  let parsed: URL;
  try {
    parsed = await outbound.checkUrl(url);
  } catch (error) {
    throw error instanceof OutboundRefused ? refusedUrlProblem(error, 'receive webhooks') : error;
  }
  // Parsing can lengthen a URL (percent-encoding, punycode); the stored one must still fit.
  if (parsed.href.length > maxLength) throw Problem.validation({ url: [`must be at most ${String(maxLength)} characters once normalized`] });
  return parsed.href;
}

/**
 * `POST /webhooks`: a new active webhook for the caller's app and designer, with a fresh secret.
 * The URL is checked before the transaction (a name lookup must not hold a lock); the counts and
 * the insert are serialized per designer, so registrations racing each other can never pass
 * either cap together.
 */
export async function registerWebhook(
  em: EntityManager,
  outbound: SafeHttpClient,
  principal: Principal,
  registration: Registration,
  rules: RegistrationRules,
  keyring: SecretKeyring,
  remember?: Remember<{ webhook: Webhook; secret: string }>,
): Promise<{ webhook: Webhook; secret: string }> {
  const url = await deliverableUrl(outbound, registration.url, rules.maxUrlLength);
  const owner = { designerId: principal.designerId, app: principal.source };
  const secret = newWebhookSecret();
  return em.transactional(async (tx) => {
    await lockRegistrations(tx, owner);
    if ((await countAppWebhooks(tx, owner)) >= rules.maxPerApp) throw limitReached(rules.maxPerApp, 'app');
    if ((await countDesignerWebhooks(tx, owner.designerId)) >= rules.maxPerDesigner) throw limitReached(rules.maxPerDesigner, 'account');
    // Sealed once its id is known: a `v2` seal is bound to it (the row is never seen without it).
    const webhook = tx.create(Webhook, {
      ...owner,
      // Data reaches it only while the consent the caller's token stands on does.
      registrant: principal.credential ?? appWideRegistrant(principal.source),
      url,
      events: registration.events,
      secret: '',
      isActive: true,
      inactiveReason: null,
      lastDeliveredAt: null,
      lastStatus: null,
      consecutiveFailures: 0,
    });
    await tx.flush();
    webhook.secret = keyring.seal(secret, webhook.id);
    await tx.flush();
    await remember?.(tx, { webhook, secret });
    return { webhook, secret };
  });
}
