import type { EntityManager } from '@mikro-orm/sql';
import { tokenDigest } from '@boardsync/kit';
import { executeBound } from '@boardsync/kit/database';

/** A bearer token that is live now, with its holder's plan limits: what introspection answers. */
export interface ActiveToken {
  designerId: number;
  scopes: string[];
  /** The OAuth app's client id; null for a personal token. */
  clientId: string | null;
  /** The consent the token stands on (domain/credentials.ts): `pat:{id}` or `grant:{id}`. */
  credential: string;
  issuedAt: Date;
  /** Null for a personal token, which does not expire. */
  expiresAt: Date | null;
  storageLimitBytes: number;
  unlockedProjectLimit: number | null;
}

interface ActiveTokenRow {
  designer_id: number;
  scopes: string[];
  client_id: string | null;
  credential: string;
  issued_at: string | Date;
  expires_at: string | Date | null;
  storage_limit_bytes: string | number;
  unlocked_project_limit: number | null;
}

/**
 * The unrevoked personal token, or the unrevoked and unexpired OAuth access token of an unrevoked
 * grant, whose digest is the bearer's, with its designer's limits; null for anything else. One
 * bound statement, whichever kind: the gateway asks for every write that enforces the plan.
 */
export async function findActiveToken(em: EntityManager, bearer: string): Promise<ActiveToken | null> {
  const digest = tokenDigest(bearer);
  const [row] = await executeBound<ActiveTokenRow>(
    em,
    `select t.designer_id, t.scopes, null::text as client_id, 'pat:' || t.id as credential, t.created_at as issued_at, null::timestamptz as expires_at,
            d.storage_limit_bytes, d.unlocked_project_limit
       from personal_token t join designer d on d.id = t.designer_id
      where t.token_digest = ? and t.revoked_at is null
     union all
     select g.designer_id, o.scopes, a.client_id, 'grant:' || g.id, o.created_at, o.expires_at, d.storage_limit_bytes, d.unlocked_project_limit
       from oauth_token o
       join oauth_grant g on g.id = o.grant_id and g.revoked_at is null
       join oauth_app a on a.id = g.app_id
       join designer d on d.id = g.designer_id
      where o.token_digest = ? and o.kind = 'access' and o.revoked_at is null and o.expires_at > now()
     limit 1`,
    [digest, digest],
  );
  if (!row) return null;
  return {
    designerId: row.designer_id,
    scopes: row.scopes,
    clientId: row.client_id,
    credential: row.credential,
    issuedAt: new Date(row.issued_at),
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
    storageLimitBytes: Number(row.storage_limit_bytes),
    unlockedProjectLimit: row.unlocked_project_limit,
  };
}
