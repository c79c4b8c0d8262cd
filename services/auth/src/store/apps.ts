import type { EntityManager } from '@mikro-orm/core';
import { Problem, sameSecret, tokenDigest } from '@boardsync/kit';
import { redirectUriProblem } from '../domain/redirect-uri.ts';
import { newClientId, newToken } from '../domain/secrets.ts';
import { Designer } from './entities/designer.ts';
import { OAuthApp } from './entities/oauth-app.ts';

export interface NewApp {
  designerId: number;
  name: string;
  redirectUris: string[];
  confidential: boolean;
  reviewed: boolean;
}

/** The source tag writes through this app are stamped with. */
export function appSource(clientId: string): string {
  return `api:${clientId}`;
}

/** Registers an app; the client secret (confidential apps only) is returned here once and never stored. */
export async function registerApp(em: EntityManager, input: NewApp): Promise<{ app: OAuthApp; clientSecret: string | null }> {
  const uris = [...new Set(input.redirectUris.map((uri) => uri.trim()).filter(Boolean))];
  const errors: Record<string, string[]> = {};
  if (uris.length === 0) errors.redirect_uris = ['needs at least one redirect URI'];
  uris.forEach((uri, index) => {
    const problem = redirectUriProblem(uri);
    if (problem) errors[`redirect_uris.${String(index)}`] = [`${uri} ${problem}`];
  });
  if (Object.keys(errors).length > 0) throw Problem.validation(errors);
  if (!(await em.findOne(Designer, { id: input.designerId }))) throw Problem.notFound('designer');
  const clientSecret = input.confidential ? newToken('clientSecret') : null;
  const app = em.create(OAuthApp, {
    clientId: newClientId(),
    designerId: input.designerId,
    name: input.name.trim(),
    redirectUris: uris,
    confidential: input.confidential,
    clientSecretDigest: clientSecret === null ? null : tokenDigest(clientSecret),
    reviewed: input.reviewed,
  });
  await em.flush();
  return { app, clientSecret };
}

export async function findApp(em: EntityManager, clientId: string): Promise<OAuthApp | null> {
  return em.findOne(OAuthApp, { clientId });
}

export async function listApps(em: EntityManager, designerId: number): Promise<OAuthApp[]> {
  return em.find(OAuthApp, { designerId }, { orderBy: { id: 'asc' } });
}

export async function setReviewed(em: EntityManager, clientId: string, reviewed: boolean): Promise<OAuthApp> {
  const app = await findApp(em, clientId);
  if (!app) throw Problem.notFound('app');
  app.reviewed = reviewed;
  await em.flush();
  return app;
}

/**
 * Client authentication: a confidential app must present its secret; a public app has none and
 * must not pretend to (it relies on PKCE). Null when the credentials do not fit the app.
 */
export async function authenticateClient(em: EntityManager, clientId: string, clientSecret: string | null | undefined): Promise<OAuthApp | null> {
  const app = await findApp(em, clientId);
  if (!app) return null;
  if (!app.confidential) return clientSecret ? null : app;
  if (!clientSecret || !app.clientSecretDigest) return null;
  return sameSecret(tokenDigest(clientSecret), app.clientSecretDigest) ? app : null;
}

/** An unreviewed app may be authorized by its own developer only (spec §5.3). */
export function mayAuthorize(app: OAuthApp, designerId: number): boolean {
  return app.reviewed || app.designerId === designerId;
}
