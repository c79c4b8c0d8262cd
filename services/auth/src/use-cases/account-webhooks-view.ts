import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from '@boardsync/kit';
import { parseCredential } from '../domain/credentials.ts';
import { PERSONAL_SOURCE } from '../domain/sources.ts';
import type { AccountWebhook, AccountWebhooks } from '../outbound/account-webhooks.ts';
import { findAppsByClientIds } from '../store/apps.ts';
import { findPersonalTokensByIds } from '../store/personal-tokens.ts';

/** A webhook on the account with the name of what registered it, as the settings page lists it. */
export interface ListedWebhook extends AccountWebhook {
  registeredBy: string;
}

/** Every webhook on the account, or null when the webhook service cannot say now (the page says so and shows the rest). */
export async function accountWebhooksView(em: EntityManager, webhooks: AccountWebhooks, designerId: number, logger: Logger): Promise<ListedWebhook[] | null> {
  let listed: AccountWebhook[];
  try {
    listed = await webhooks.list(designerId);
  } catch (error) {
    logger.warn({ err: error, designerId }, 'the settings page could not list the account’s webhooks');
    return null;
  }
  const clientIds = listed.filter((hook) => hook.app !== PERSONAL_SOURCE).map((hook) => hook.app.slice('api:'.length));
  const tokenIds = listed.flatMap((hook) => {
    const credential = parseCredential(hook.registrant);
    return credential?.kind === 'personal-token' ? [credential.id] : [];
  });
  const apps = await findAppsByClientIds(em, clientIds);
  const tokens = await findPersonalTokensByIds(em, designerId, tokenIds);
  return listed.map((hook) => {
    if (hook.app !== PERSONAL_SOURCE) {
      const app = apps.find((candidate) => `api:${candidate.clientId}` === hook.app);
      return { ...hook, registeredBy: app ? `App “${app.name}”` : `App ${hook.app.slice('api:'.length)}` };
    }
    const token = tokens.find((candidate) => `pat:${String(candidate.id)}` === hook.registrant);
    return { ...hook, registeredBy: token ? `Personal token “${token.name}”` : 'A personal token' };
  });
}
