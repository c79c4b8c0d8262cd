import { createHmac, randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import { sameSecret, type Database } from '@boardsync/kit';
import { SESSION_LIFETIME_SECONDS } from '../domain/lifetimes.ts';
import { sessionDesigner } from '../store/sessions.ts';
import { formFields } from './form.ts';

const SESSION_COOKIE = 'bs_session';
const CSRF_COOKIE = 'bs_csrf';

/**
 * Over https (the gateway's X-Forwarded-Proto) a cookie carries the `__Host-` prefix, so the
 * browser takes it only Secure, host-only and for Path=/; over plain http (local development) the
 * bare name, which a browser would refuse with the prefix. Reading uses the same rule.
 */
function cookieName(ctx: Context, name: string): string {
  return ctx.secure ? `__Host-${name}` : name;
}

/**
 * Cookies and CSRF for the server-rendered pages. Cookies are HttpOnly and SameSite=Lax, and
 * Secure with the `__Host-` prefix whenever the request arrived over https.
 * CSRF uses signed double submit bound to the session: a random cookie, and in every form the HMAC,
 * under a server key, of that cookie and the browser's session id. A token and cookie planted in a
 * browser (a sibling subdomain can set cookies over plain http) are worthless in anyone else's session.
 * The sessions themselves live in the database, started and ended by the sign-in and sign-out use cases.
 */
export class BrowserSessions {
  private readonly orm: Database;
  private readonly secret: string;

  constructor(orm: Database, secret: string) {
    this.orm = orm;
    this.secret = secret;
  }

  private cookieOptions(ctx: Context, maxAgeSeconds?: number) {
    return {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: ctx.secure,
      path: '/',
      overwrite: true,
      ...(maxAgeSeconds ? { maxAge: maxAgeSeconds * 1000 } : {}),
    };
  }

  /** The form token for this browser, setting its CSRF cookie on first sight. */
  csrfToken(ctx: Context): string {
    let nonce = ctx.cookies.get(cookieName(ctx, CSRF_COOKIE));
    if (!nonce || nonce.length < 16) {
      nonce = randomBytes(24).toString('base64url');
      ctx.cookies.set(cookieName(ctx, CSRF_COOKIE), nonce, this.cookieOptions(ctx));
    }
    return this.sign(nonce, this.sessionId(ctx));
  }

  csrfValid(ctx: Context): boolean {
    const nonce = ctx.cookies.get(cookieName(ctx, CSRF_COOKIE));
    const sent = formFields(ctx).csrf;
    return Boolean(nonce) && typeof sent === 'string' && nonce !== undefined && sameSecret(sent, this.sign(nonce, this.sessionId(ctx)));
  }

  /** The id the session cookie carries, if any (it may have expired or ended). */
  sessionId(ctx: Context): string | undefined {
    return ctx.cookies.get(cookieName(ctx, SESSION_COOKIE));
  }

  async designerId(ctx: Context): Promise<number | null> {
    const id = this.sessionId(ctx);
    return id ? sessionDesigner(this.orm.em.fork(), id) : null;
  }

  /** After sign-in (use-cases/sign-in.ts): the browser carries its new session for the session's lifetime. */
  keepSession(ctx: Context, sessionId: string): void {
    ctx.cookies.set(cookieName(ctx, SESSION_COOKIE), sessionId, this.cookieOptions(ctx, SESSION_LIFETIME_SECONDS));
  }

  /** After sign-out (use-cases/sign-out.ts). */
  dropSession(ctx: Context): void {
    ctx.cookies.set(cookieName(ctx, SESSION_COOKIE), null, this.cookieOptions(ctx));
  }

  private sign(nonce: string, sessionId: string | undefined): string {
    // Length-prefixed, so no nonce and session pair can read as another.
    return createHmac('sha256', this.secret)
      .update(`csrf:${String(nonce.length)}:${nonce}:${sessionId ?? ''}`)
      .digest('base64url');
  }
}

/** Where to go after signing in: only a path on this site, never another origin. */
export function safeNext(value: unknown, fallback = '/settings'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  return value;
}

export function renderHtml(ctx: Context, status: number, body: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'");
  ctx.body = body;
}
