import type { Designer } from '../store/entities/designer.ts';
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
    app: 'api:personal',
    created_at: record.createdAt.toISOString(),
    revoked_at: record.revokedAt?.toISOString() ?? null,
  };
}
