import type { EntityManager } from '@mikro-orm/core';
import { findLiveGrantsOfApp } from '../store/grants.ts';
import { revokeGrants } from './revoke-grants.ts';

/** The settings page: disconnects an app from a designer's account; all its grants there go. Returns how many were live. */
export async function disconnectApp(em: EntityManager, designerId: number, appId: number): Promise<number> {
  const grants = await findLiveGrantsOfApp(em, designerId, appId);
  return revokeGrants(
    em,
    grants.map((grant) => grant.id),
  );
}
