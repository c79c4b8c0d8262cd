import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { Problem, type Database, type Logger } from '@boardsync/kit';
import type { AccountWebhooks } from '../outbound/account-webhooks.ts';
import { accountWebhooksView } from '../use-cases/account-webhooks-view.ts';
import { normalizeScopes } from '../domain/scopes.ts';
import { listApps } from '../store/apps.ts';
import { findDesigner } from '../store/designers.ts';
import type { Designer } from '../store/entities/designer.ts';
import { connectedApps } from '../store/grants.ts';
import { listPersonalTokens } from '../store/personal-tokens.ts';
import { clientKey, type Throttles } from '../throttles/throttles.ts';
import { disconnectApp } from '../use-cases/disconnect-app.ts';
import { issuePersonalToken } from '../use-cases/issue-personal-token.ts';
import { registerApp } from '../use-cases/register-app.ts';
import { revokePersonalToken } from '../use-cases/revoke-personal-token.ts';
import { signIn } from '../use-cases/sign-in.ts';
import { signOut } from '../use-cases/sign-out.ts';
import { renderHtml, safeNext, type BrowserSessions } from './browser.ts';
import { errorPage } from './views/error-page.ts';
import { loginPage } from './views/login-page.ts';
import { settingsPage, type JustCreated } from './views/settings-page.ts';
import { formFields } from './form.ts';

function field(ctx: Context, name: string): string {
  const value = formFields(ctx)[name];
  return typeof value === 'string' ? value.trim() : '';
}

/** Sign-in (throttled per account and per client IP), sign-out and developer settings: plain HTML forms, each CSRF-checked. */
export interface PagesDependencies {
  orm: Database;
  sessions: BrowserSessions;
  throttle: Throttles['signIn'];
  maxAppsPerDesigner: number;
  /** Every webhook on the account, from the webhook service. */
  webhooks: AccountWebhooks;
  logger: Logger;
}

export function pagesRouter({ orm, sessions, throttle, maxAppsPerDesigner, webhooks, logger }: PagesDependencies): Router {
  const router = new Router();

  const csrf: Middleware = async (ctx, next) => {
    if (!sessions.csrfValid(ctx)) {
      renderHtml(ctx, 403, errorPage('Please try again', 'This form expired or did not come from this site. Reload the page and submit it again.'));
      return;
    }
    await next();
  };

  router.get('/login', async (ctx) => {
    const next = safeNext(ctx.query.next);
    if ((await sessions.designerId(ctx)) !== null) {
      ctx.redirect(next);
      return;
    }
    renderHtml(ctx, 200, loginPage({ csrf: sessions.csrfToken(ctx), next }));
  });

  router.post('/login', csrf, async (ctx) => {
    const email = field(ctx, 'email').toLowerCase();
    const next = safeNext(formFields(ctx).next);
    const password = formFields(ctx).password;
    const outcome = await signIn(orm.em.fork(), throttle, {
      email,
      password: typeof password === 'string' ? password : '',
      ip: clientKey(ctx.ip),
      previousSessionId: sessions.sessionId(ctx),
    });
    if (outcome.kind === 'throttled') {
      ctx.set('Retry-After', String(outcome.retryAfterSeconds));
      renderHtml(
        ctx,
        429,
        loginPage({
          csrf: sessions.csrfToken(ctx),
          next,
          email,
          error: `Too many failed sign-in attempts. Wait ${waitInWords(outcome.retryAfterSeconds)} and try again.`,
        }),
      );
      return;
    }
    if (outcome.kind === 'refused') {
      renderHtml(ctx, 401, loginPage({ csrf: sessions.csrfToken(ctx), next, email, error: 'That email and password do not match an account.' }));
      return;
    }
    sessions.keepSession(ctx, outcome.sessionId);
    ctx.status = 303;
    ctx.redirect(next);
  });

  router.post('/logout', csrf, async (ctx) => {
    await signOut(orm.em.fork(), sessions.sessionId(ctx));
    sessions.dropSession(ctx);
    ctx.status = 303;
    ctx.redirect('/login');
  });

  /** The signed-in designer, or a redirect to sign in (then back here). */
  async function signedIn(ctx: Context): Promise<Designer | null> {
    const designerId = await sessions.designerId(ctx);
    const designer = designerId === null ? null : await findDesigner(orm.em.fork(), designerId);
    if (!designer) ctx.redirect(`/login?next=${encodeURIComponent('/settings')}`);
    return designer;
  }

  async function showSettings(ctx: Context, designer: Designer, status = 200, extra: { created?: JustCreated; error?: string } = {}): Promise<void> {
    const em = orm.em.fork();
    renderHtml(
      ctx,
      status,
      settingsPage({
        csrf: sessions.csrfToken(ctx),
        designer,
        tokens: await listPersonalTokens(em, designer.id),
        apps: await listApps(em, designer.id),
        connected: await connectedApps(em, designer.id),
        webhooks: await accountWebhooksView(em, webhooks, designer.id, logger),
        ...extra,
      }),
    );
  }

  /** Redirect after a change (so a reload does not repeat it). */
  function backToSettings(ctx: Context): void {
    ctx.status = 303;
    ctx.redirect('/settings');
  }

  router.get('/settings', async (ctx) => {
    const designer = await signedIn(ctx);
    if (designer) await showSettings(ctx, designer);
  });

  router.post('/settings/tokens', csrf, async (ctx) => {
    const designer = await signedIn(ctx);
    if (!designer) return;
    const name = field(ctx, 'name') || 'Personal token';
    const { scopes } = normalizeScopes([formFields(ctx).scopes].flat().filter((value): value is string => typeof value === 'string'));
    const { token } = await issuePersonalToken(orm.em.fork(), designer.id, scopes, name.slice(0, 255));
    // Shown in this response only (not after a redirect): the token is never stored.
    await showSettings(ctx, designer, 201, { created: { kind: 'token', name, token } });
  });

  router.post('/settings/tokens/:id/revoke', csrf, async (ctx) => {
    const designer = await signedIn(ctx);
    if (!designer) return;
    await ignoreNotFound(revokePersonalToken(orm.em.fork(), Number(ctx.params.id), designer.id));
    backToSettings(ctx);
  });

  router.post('/settings/apps', csrf, async (ctx) => {
    const designer = await signedIn(ctx);
    if (!designer) return;
    const name = field(ctx, 'name');
    if (!name) {
      await showSettings(ctx, designer, 422, { error: 'Give the app a name.' });
      return;
    }
    try {
      const { app, clientSecret } = await registerApp(
        orm.em.fork(),
        {
          designerId: designer.id,
          name: name.slice(0, 255),
          redirectUris: field(ctx, 'redirect_uris').split(/\s+/),
          confidential: field(ctx, 'type') !== 'public',
          reviewed: false,
        },
        maxAppsPerDesigner,
      );
      await showSettings(ctx, designer, 201, { created: { kind: 'app', name: app.name, clientId: app.clientId, clientSecret } });
    } catch (error) {
      if (!(error instanceof Problem) || error.status !== 422) throw error;
      await showSettings(ctx, designer, 422, { error: error.errors ? Object.values(error.errors).flat().join(' ') : error.message });
    }
  });

  router.post('/settings/webhooks/:id/delete', csrf, async (ctx) => {
    const designer = await signedIn(ctx);
    if (!designer) return;
    const id = Number(ctx.params.id);
    // Another designer's, or one already gone, is as absent: the page simply no longer lists it.
    if (Number.isSafeInteger(id) && id > 0) await webhooks.remove(designer.id, id);
    backToSettings(ctx);
  });

  router.post('/settings/connected/:appId/revoke', csrf, async (ctx) => {
    const designer = await signedIn(ctx);
    if (!designer) return;
    await disconnectApp(orm.em.fork(), designer.id, Number(ctx.params.appId));
    backToSettings(ctx);
  });

  return router;
}

function waitInWords(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? 'a minute' : `${String(minutes)} minutes`;
}

async function ignoreNotFound(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof Problem) || error.status !== 404) throw error;
  }
}
