import type { EntityManager } from '@mikro-orm/core';
import { Problem, tokenDigest } from '@boardsync/kit';
import { checkRedirectUris } from '../domain/redirect-uri.ts';
import { newClientId, newToken } from '../domain/secrets.ts';
import { findDesigner } from '../store/designers.ts';
import { OAuthApp } from '../store/entities/oauth-app.ts';

export interface NewApp {
  designerId: number;
  name: string;
  redirectUris: string[];
  confidential: boolean;
  reviewed: boolean;
}

/**
 * `POST /admin/apps` and the settings page: registers an app. Refused redirect URIs are field
 * errors (422). The client secret (confidential apps only) is returned here once and never stored.
 */
export async function registerApp(em: EntityManager, input: NewApp): Promise<{ app: OAuthApp; clientSecret: string | null }> {
  const { uris, errors } = checkRedirectUris(input.redirectUris);
  if (Object.keys(errors).length > 0) throw Problem.validation(errors);
  if (!(await findDesigner(em, input.designerId))) throw Problem.notFound('designer');
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
