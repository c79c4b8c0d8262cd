import Router from '@koa/router';
import type { Context } from 'koa';
import type { Database } from '@boardsync/kit';
import {
  checkAuthorizeRequest,
  clientIdOf,
  redirectWith,
  type AuthorizeParams,
  type AuthorizeRequest,
  type RedirectError,
} from '../domain/authorize-request.ts';
import { mayAuthorize } from '../domain/consent.ts';
import { findApp } from '../store/apps.ts';
import { findDesigner } from '../store/designers.ts';
import type { Designer } from '../store/entities/designer.ts';
import type { OAuthApp } from '../store/entities/oauth-app.ts';
import { grantConsent } from '../use-cases/grant-consent.ts';
import { renderHtml, type BrowserSessions } from './browser.ts';
import { consentPage } from './views/consent-page.ts';
import { errorPage } from './views/error-page.ts';
import { formFields } from './form.ts';

function redirectError(ctx: Context, failure: Pick<RedirectError, 'redirectUri' | 'state' | 'error' | 'description'>): void {
  ctx.redirect(redirectWith(failure.redirectUri, { error: failure.error, error_description: failure.description, state: failure.state }));
}

/**
 * Step 1 of the OAuth flow (docs/rules.md "Authentication and scopes"): `GET /oauth/authorize` signs the designer in if needed and shows the consent
 * page; the page posts back here, and approval redirects to the app with a single-use code.
 */
export function authorizeRouter(orm: Database, sessions: BrowserSessions): Router {
  const router = new Router();

  /** The request checked against its app; null when the answer has already been given. */
  async function checked(ctx: Context, params: AuthorizeParams): Promise<{ request: AuthorizeRequest; app: OAuthApp; designer: Designer } | null> {
    const clientId = clientIdOf(params);
    const app = clientId ? await findApp(orm.em.fork(), clientId) : null;
    const result = checkAuthorizeRequest(params, app);
    if ('kind' in result || !app) {
      if ('kind' in result && result.kind === 'redirect') redirectError(ctx, result);
      else renderHtml(ctx, 400, errorPage('This sign-in link is broken', 'kind' in result ? result.message : 'Unknown app.'));
      return null;
    }
    const designerId = await sessions.designerId(ctx);
    const designer = designerId === null ? null : await findDesigner(orm.em.fork(), designerId);
    if (!designer) {
      ctx.redirect(
        `/login?next=${encodeURIComponent(ctx.method === 'GET' ? ctx.url : `/oauth/authorize?${new URLSearchParams(hiddenFields(result) as Record<string, string>).toString()}`)}`,
      );
      return null;
    }
    if (!mayAuthorize(app, designer.id)) {
      redirectError(ctx, { ...result, error: 'access_denied', description: 'This app has not been reviewed yet: only its developer can authorize it.' });
      return null;
    }
    return { request: result, app, designer };
  }

  router.get('/oauth/authorize', async (ctx) => {
    const found = await checked(ctx, ctx.query);
    if (!found) return;
    renderHtml(
      ctx,
      200,
      consentPage({
        csrf: sessions.csrfToken(ctx),
        appName: found.app.name,
        developerIsYou: found.app.designerId === found.designer.id,
        designerName: found.designer.name,
        scopes: found.request.scopes,
        hidden: hiddenFields(found.request),
      }),
    );
  });

  router.post('/oauth/authorize', async (ctx) => {
    const body = formFields(ctx);
    if (!sessions.csrfValid(ctx)) {
      renderHtml(ctx, 403, errorPage('Please try again', 'This form expired or did not come from this site. Go back to the app and start again.'));
      return;
    }
    const found = await checked(ctx, body);
    if (!found) return;
    const { request, app, designer } = found;
    const ticked = [body.grant].flat().filter((value): value is string => typeof value === 'string');
    const answer = await grantConsent(orm.em.fork(), { appId: app.id, designerId: designer.id, request, approved: body.decision === 'approve', ticked });
    if ('denied' in answer) {
      redirectError(ctx, { redirectUri: request.redirectUri, state: request.state, error: 'access_denied', description: answer.denied });
      return;
    }
    ctx.redirect(redirectWith(request.redirectUri, { code: answer.code, state: request.state }));
  });

  return router;
}

function hiddenFields(request: AuthorizeRequest): Record<string, string | undefined> {
  return {
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    scope: request.scopes.join(' '),
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  };
}
