import { PERSONAL_SOURCE, appSource } from '../domain/sources.ts';
import type { Designer } from '../store/entities/designer.ts';
import type { OAuthApp } from '../store/entities/oauth-app.ts';
import type { PersonalToken } from '../store/entities/personal-token.ts';

export function presentDesigner(designer: Designer) {
  return {
    id: designer.id,
    name: designer.name,
    email: designer.email,
    plan: { storage_limit_bytes: designer.storageLimitBytes, unlocked_limit: designer.unlockedProjectLimit },
    created_at: designer.createdAt.toISOString(),
  };
}

export function presentPersonalToken(record: PersonalToken) {
  return {
    id: record.id,
    name: record.name,
    scopes: record.scopes,
    app: PERSONAL_SOURCE,
    created_at: record.createdAt.toISOString(),
    revoked_at: record.revokedAt?.toISOString() ?? null,
  };
}

export function presentApp(app: OAuthApp) {
  return {
    client_id: app.clientId,
    name: app.name,
    designer_id: app.designerId,
    redirect_uris: app.redirectUris,
    type: app.confidential ? 'confidential' : 'public',
    reviewed: app.reviewed,
    app: appSource(app.clientId),
    created_at: app.createdAt.toISOString(),
  };
}
