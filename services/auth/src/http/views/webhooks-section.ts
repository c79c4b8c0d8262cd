import type { ListedWebhook } from '../../use-cases/account-webhooks-view.ts';
import { html, type SafeHtml } from './html.ts';

const STATES: Record<ListedWebhook['state'], string> = {
  active: 'active',
  failing: 'active, failing',
  stopped_after_failures: 'stopped: 15 failures in a row',
  consent_withdrawn: 'stopped: access withdrawn',
};

function lastDelivery(hook: ListedWebhook): string {
  if (hook.last_delivered_at === null) return hook.last_status === null ? 'never' : `never (last answer ${String(hook.last_status)})`;
  return `${hook.last_delivered_at.slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Every webhook on the account, whichever app or token registered it: the designer sees where their
 * data goes and removes any of it (through the API an app sees only its own).
 */
export function webhooksSection(webhooks: ListedWebhook[] | null, button: (action: string, label: string) => SafeHtml): SafeHtml {
  const intro = html`<h2>Webhooks on your account</h2>
<p class="muted">Where apps and your tokens have asked to be told of changes. A webhook stops for good when the app is disconnected or the token revoked; delete any you do not want.</p>`;
  if (webhooks === null) return html`${intro}<p class="error" role="alert">Your webhooks cannot be listed right now; reload the page in a moment.</p>`;
  if (webhooks.length === 0) return html`${intro}<p class="muted">None.</p>`;
  return html`${intro}<table id="webhooks"><tr><th>Registered by</th><th>URL</th><th>Events</th><th>State</th><th>Last delivery</th><th></th></tr>${webhooks.map(
    (hook) =>
      html`<tr data-webhook-id="${String(hook.id)}"><td>${hook.registeredBy}</td><td><code>${hook.url}</code></td><td><code>${hook.events.join(' ')}</code></td><td>${STATES[hook.state]}</td><td>${lastDelivery(hook)}</td><td>${button(`/settings/webhooks/${String(hook.id)}/delete`, 'Delete')}</td></tr>`,
  )}</table>`;
}
