import { designerPrincipalToken } from '@boardsync/kit';
import { PeerUnavailable, askPeer, type PeerAnswer } from '@boardsync/kit/peer-requests';
import { z } from 'zod';

/** A webhook on the account as the webhook service shows it to the designer, whichever app or token registered it. */
export const accountWebhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  app: z.string(),
  registrant: z.string(),
  state: z.enum(['active', 'failing', 'stopped_after_failures', 'consent_withdrawn']),
  last_delivered_at: z.string().nullable(),
  last_status: z.number().nullable(),
  created_at: z.string(),
});

export type AccountWebhook = z.infer<typeof accountWebhookSchema>;

/** The settings page's view of every webhook on a designer's account; each call throws PeerUnavailable when the webhook service cannot answer. */
export interface AccountWebhooks {
  list(designerId: number): Promise<AccountWebhook[]>;
  /** False when there was no such webhook on the account. */
  remove(designerId: number, webhookId: number): Promise<boolean>;
}

const listAnswer = z.object({ data: z.array(accountWebhookSchema) });
const TIMEOUT_MS = 5_000;

/**
 * Asks the webhook service's internal listener with a principal of the signed-in designer holding
 * `webhooks:write` (the scope every webhook operation needs), which the webhook service checks
 * itself. Without a webhook service (its URL unset), an account has no webhooks.
 */
export function httpAccountWebhooks(webhookInternalUrl: string | undefined, principalSecret: string): AccountWebhooks {
  async function call(method: 'GET' | 'DELETE', designerId: number, path: string): Promise<PeerAnswer> {
    if (!webhookInternalUrl) return { status: 404, body: undefined };
    const principal = await designerPrincipalToken(designerId, 'settings', ['webhooks:write'], principalSecret);
    const answer = await askPeer('webhook', new URL(`/internal/designers/${String(designerId)}/webhooks${path}`, webhookInternalUrl), principal, {
      method,
      timeoutMs: TIMEOUT_MS,
    });
    if (answer.status !== 200 && answer.status !== 404) throw new PeerUnavailable('webhook', new Error(`webhook answered ${String(answer.status)}`));
    return answer;
  }
  return {
    async list(designerId) {
      const { status, body } = await call('GET', designerId, '');
      if (status === 404) return [];
      const parsed = listAnswer.safeParse(body);
      if (!parsed.success) throw new PeerUnavailable('webhook', parsed.error);
      return parsed.data.data;
    },
    async remove(designerId, webhookId) {
      return (await call('DELETE', designerId, `/${String(webhookId)}`)).status === 200;
    },
  };
}
