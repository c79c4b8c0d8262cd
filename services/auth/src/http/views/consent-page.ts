import { SCOPES, type Scope } from '../../domain/scopes.ts';
import { html, page } from './html.ts';

export interface ConsentView {
  csrf: string;
  appName: string;
  developerIsYou: boolean;
  designerName: string;
  scopes: Scope[];
  /** The authorization request, carried through the form unchanged. */
  hidden: Record<string, string | undefined>;
  error?: string;
}

export function consentPage(view: ConsentView): string {
  return page(
    `Authorize ${view.appName}`,
    html`<h1>${view.appName} wants to use your boardsync account</h1>
<p>Signed in as <strong>${view.designerName}</strong>.${view.developerIsYou ? html` <span class="muted">(You registered this app.)</span>` : ''}</p>
${view.error ? html`<p class="error" role="alert">${view.error}</p>` : ''}
<form method="post" action="/oauth/authorize">
  <input type="hidden" name="csrf" value="${view.csrf}">
  ${Object.entries(view.hidden).map(([name, value]) => (value === undefined ? '' : html`<input type="hidden" name="${name}" value="${value}">`))}
  <p>It asks to:</p>
  ${view.scopes.map(
    (scope) =>
      html`<label class="scope"><input type="checkbox" name="grant" value="${scope}" checked> <span>${SCOPES[scope]} <code class="muted">${scope}</code></span></label>`,
  )}
  <p class="muted">Untick anything you do not want to allow. You can disconnect the app at any time in your developer settings.</p>
  <button class="primary" type="submit" name="decision" value="approve">Allow</button>
  <button type="submit" name="decision" value="deny">Deny</button>
</form>`,
  );
}
