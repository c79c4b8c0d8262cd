import type { Answer } from '@boardsync/kit';
import type { SecretKeyring } from '../domain/secret-keyring.ts';
import type { RegisteredWebhookBody } from './webhook-schemas.ts';

/**
 * A registration's answer as kept for a repeat with the same Idempotency-Key: its signing secret
 * sealed as the webhook's own is (bound to its id), never stored bare beside it.
 */
export function keptRegistration(keyring: SecretKeyring): { keep: (answer: Answer) => Answer; restore: (kept: Answer) => Answer } {
  return {
    keep: ({ status, body }) => {
      const registered = body as RegisteredWebhookBody;
      return { status, body: { ...registered, secret: keyring.seal(registered.secret, registered.id) } };
    },
    restore: ({ status, body }) => {
      const kept = body as RegisteredWebhookBody;
      return { status, body: { ...kept, secret: keyring.open(kept.secret, kept.id) } };
    },
  };
}
