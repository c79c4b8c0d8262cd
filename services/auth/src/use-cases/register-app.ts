import type { EntityManager } from '@mikro-orm/sql';
import { Problem, tokenDigest } from '@boardsync/kit';
import { checkRedirectUris } from '../domain/redirect-uri.ts';
import { newClientId, newToken } from '../domain/secrets.ts';
import { countDesignerApps, lockDesignerApps } from '../store/apps.ts';
import { findDesigner } from '../store/designers.ts';
import { OAuthApp } from '../store/entities/oauth-app.ts';

export interface NewApp {
  designerId: number;
  name: string;
  redirectUris: string[];
  confidential: boolean;
  reviewed: boolean;
}

function appLimitReached(limit: number): Problem {
  return new Problem({
    status: 422,
    code: 'app_limit_reached',
    detail: `An account may register at most ${String(limit)} apps; delete one to register another.`,
    extensions: { limit },
  });
}

/**
 * `POST /admin/apps` and the settings page: registers an app, at most `maxPerDesigner` per designer
 * (MAX_APPS_PER_DESIGNER: each app may register webhooks, so apps are what a designer's share of the
 * shared workers is counted in). Refused redirect URIs are field errors (422). The count and the
 * insert are serialized per designer. The client secret (confidential apps only) is returned here
 * once and never stored.
 */
export async function registerApp(em: EntityManager, input: NewApp, maxPerDesigner: number): Promise<{ app: OAuthApp; clientSecret: string | null }> {
  const { uris, errors } = checkRedirectUris(input.redirectUris);
  if (Object.keys(errors).length > 0) throw Problem.validation(errors);
  if (!(await findDesigner(em, input.designerId))) throw Problem.notFound('designer');
  const clientSecret = input.confidential ? newToken('clientSecret') : null;
  return em.transactional(async (tx) => {
    await lockDesignerApps(tx, input.designerId);
    if ((await countDesignerApps(tx, input.designerId)) >= maxPerDesigner) throw appLimitReached(maxPerDesigner);
    const app = tx.create(OAuthApp, {
      clientId: newClientId(),
      designerId: input.designerId,
      name: input.name.trim(),
      redirectUris: uris,
      confidential: input.confidential,
      clientSecretDigest: clientSecret === null ? null : tokenDigest(clientSecret),
      reviewed: input.reviewed,
    });
    await tx.flush();
    return { app, clientSecret };
  });
}
