import type { EntityManager } from '@mikro-orm/core';
import { sameSecret, tokenDigest } from '@boardsync/kit';
import { findApp } from '../store/apps.ts';
import type { OAuthApp } from '../store/entities/oauth-app.ts';

/**
 * Client authentication at `/oauth/token` and `/oauth/revoke`: a confidential app must present its
 * secret; a public app has none and must not pretend to (it relies on PKCE). Null when the
 * credentials do not fit the app.
 */
export async function authenticateClient(em: EntityManager, clientId: string, clientSecret: string | null | undefined): Promise<OAuthApp | null> {
  const app = await findApp(em, clientId);
  if (!app) return null;
  if (!app.confidential) return clientSecret ? null : app;
  if (!clientSecret || !app.clientSecretDigest) return null;
  return sameSecret(tokenDigest(clientSecret), app.clientSecretDigest) ? app : null;
}
