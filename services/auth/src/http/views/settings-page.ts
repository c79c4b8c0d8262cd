import { ALL_SCOPES, SCOPES } from '../../domain/scopes.ts';
import type { OAuthApp } from '../../store/entities/oauth-app.ts';
import type { PersonalToken } from '../../store/entities/personal-token.ts';
import type { ConnectedApp } from '../../store/grants.ts';
import type { ListedWebhook } from '../../use-cases/account-webhooks-view.ts';
import { html, page, type SafeHtml } from './html.ts';
import { webhooksSection } from './webhooks-section.ts';

export type JustCreated = { kind: 'token'; name: string; token: string } | { kind: 'app'; name: string; clientId: string; clientSecret: string | null };

export interface SettingsView {
  csrf: string;
  designer: { name: string; email: string };
  tokens: PersonalToken[];
  apps: OAuthApp[];
  connected: ConnectedApp[];
  /** Null when the webhook service cannot say now. */
  webhooks: ListedWebhook[] | null;
  created?: JustCreated;
  error?: string;
}

const date = (value: Date): string => value.toISOString().slice(0, 10);

function postButton(csrf: string, action: string, label: string): SafeHtml {
  return html`<form class="inline" method="post" action="${action}"><input type="hidden" name="csrf" value="${csrf}"><button type="submit">${label}</button></form>`;
}

function createdNotice(created: JustCreated | undefined): SafeHtml | '' {
  if (!created) return '';
  if (created.kind === 'token') {
    return html`<div class="notice" role="status"><p>Personal token <strong>${created.name}</strong> created. Copy it now: it is not shown again.</p><p class="secret" id="new-token">${created.token}</p></div>`;
  }
  return html`<div class="notice" role="status"><p>App <strong>${created.name}</strong> registered.</p>
<p>client_id: <span class="secret" id="new-client-id">${created.clientId}</span></p>
${created.clientSecret ? html`<p>client_secret (copy it now, it is not shown again): <span class="secret" id="new-client-secret">${created.clientSecret}</span></p>` : html`<p class="muted">Public app: no client secret; it must use PKCE (S256).</p>`}</div>`;
}

export function settingsPage(view: SettingsView): string {
  const { csrf } = view;
  return page(
    'Developer settings',
    html`<header><h1>Developer settings</h1>
<form class="inline" method="post" action="/logout"><input type="hidden" name="csrf" value="${csrf}"><button type="submit">Sign out</button></form></header>
<p class="muted">Signed in as ${view.designer.name} &lt;${view.designer.email}&gt;</p>
${view.error ? html`<p class="error" role="alert">${view.error}</p>` : ''}
${createdNotice(view.created)}

<h2>Personal access tokens</h2>
${
  view.tokens.length === 0
    ? html`<p class="muted">None yet.</p>`
    : html`<table><tr><th>Name</th><th>Scopes</th><th>Created</th><th></th></tr>${view.tokens.map(
        (token) =>
          html`<tr><td>${token.name}</td><td><code>${token.scopes.join(' ') || '(none)'}</code></td><td>${date(token.createdAt)}</td><td>${postButton(csrf, `/settings/tokens/${String(token.id)}/revoke`, 'Revoke')}</td></tr>`,
      )}</table>`
}
<form method="post" action="/settings/tokens">
  <input type="hidden" name="csrf" value="${csrf}">
  <label for="token-name">New token name</label>
  <input type="text" id="token-name" name="name" required maxlength="255" placeholder="My card generator">
  ${ALL_SCOPES.map((scope) => html`<label class="scope"><input type="checkbox" name="scopes" value="${scope}"> <span>${SCOPES[scope]} <code class="muted">${scope}</code></span></label>`)}
  <button type="submit">Create token</button>
</form>

<h2>Your OAuth apps</h2>
${
  view.apps.length === 0
    ? html`<p class="muted">None yet.</p>`
    : html`<table><tr><th>Name</th><th>client_id</th><th>Type</th><th>Redirect URIs</th><th>Review</th></tr>${view.apps.map(
        (app) =>
          html`<tr><td>${app.name}</td><td><code>${app.clientId}</code></td><td>${app.confidential ? 'confidential' : 'public'}</td><td>${app.redirectUris.map((uri) => html`<code>${uri}</code><br>`)}</td><td>${app.reviewed ? 'reviewed' : 'not reviewed: only you can authorize it'}</td></tr>`,
      )}</table>`
}
<form method="post" action="/settings/apps">
  <input type="hidden" name="csrf" value="${csrf}">
  <label for="app-name">App name</label>
  <input type="text" id="app-name" name="name" required maxlength="255">
  <label for="redirect-uris">Redirect URIs (one per line, matched exactly)</label>
  <textarea id="redirect-uris" name="redirect_uris" rows="3" required placeholder="https://example.com/callback"></textarea>
  <label class="scope"><input type="radio" name="type" value="confidential" checked> Confidential (a server keeps a client secret)</label>
  <label class="scope"><input type="radio" name="type" value="public"> Public (desktop, CLI, mobile: no secret, PKCE)</label>
  <button type="submit">Register app</button>
</form>

<h2>Connected apps</h2>
${
  view.connected.length === 0
    ? html`<p class="muted">No app has access to your account.</p>`
    : html`<table><tr><th>App</th><th>Scopes</th><th>Since</th><th></th></tr>${view.connected.map(
        (entry) =>
          html`<tr><td>${entry.app.name}</td><td><code>${entry.scopes.join(' ')}</code></td><td>${date(entry.since)}</td><td>${postButton(csrf, `/settings/connected/${String(entry.app.id)}/revoke`, 'Disconnect')}</td></tr>`,
      )}</table>`
}
${webhooksSection(view.webhooks, (action, label) => postButton(csrf, action, label))}`,
  );
}
