import type { EntityManager } from '@mikro-orm/sql';
import { arrayLiteral } from '@boardsync/kit';
import { executeBound } from '@boardsync/kit/database';

/** The consents asked about, by kind (domain/credentials.ts). */
export interface ConsentQuestion {
  personalTokenIds: readonly number[];
  grantIds: readonly number[];
  clientIds: readonly string[];
  anyPersonalToken: boolean;
}

export interface StandingConsents {
  personalTokenIds: number[];
  grantIds: number[];
  clientIds: string[];
  anyPersonalToken: boolean;
}

interface StandingRow {
  kind: 'pat' | 'grant' | 'app' | 'any-pat';
  id: number | null;
  client_id: string | null;
}

/**
 * Which of a designer's consents still stand, in one statement: a personal token unrevoked; a
 * grant unrevoked that still holds a live token (an app whose last refresh token expired reaches
 * nothing any more); an app with such a grant; any unrevoked personal token. Another designer's
 * credential never stands.
 */
export async function standingConsents(em: EntityManager, designerId: number, asked: ConsentQuestion): Promise<StandingConsents> {
  const rows = await executeBound<StandingRow>(
    em,
    `with live_grant as (
       select g.id, g.app_id from oauth_grant g
        where g.designer_id = ? and g.revoked_at is null
          and exists (select 1 from oauth_token o
                       where o.grant_id = g.id and o.revoked_at is null and o.rotated_at is null and o.expires_at > now())
     )
     select 'pat' as kind, t.id, null::text as client_id from personal_token t
      where t.designer_id = ? and t.revoked_at is null and t.id = any(?::int[])
     union all
     select 'grant', g.id, null from live_grant g where g.id = any(?::int[])
     union all
     select distinct 'app', null::int, a.client_id from live_grant g join oauth_app a on a.id = g.app_id where a.client_id = any(?::text[])
     union all
     select 'any-pat', null, null where ? and exists (select 1 from personal_token t where t.designer_id = ? and t.revoked_at is null)`,
    [
      designerId,
      designerId,
      arrayLiteral([...asked.personalTokenIds]),
      arrayLiteral([...asked.grantIds]),
      arrayLiteral([...asked.clientIds]),
      asked.anyPersonalToken,
      designerId,
    ],
  );
  const ids = (kind: StandingRow['kind']): number[] => rows.filter((row) => row.kind === kind && row.id !== null).map((row) => Number(row.id));
  return {
    personalTokenIds: ids('pat'),
    grantIds: ids('grant'),
    clientIds: rows.filter((row) => row.kind === 'app' && row.client_id !== null).map((row) => row.client_id ?? ''),
    anyPersonalToken: rows.some((row) => row.kind === 'any-pat'),
  };
}
