import { PeerUnavailable, askPeer } from '@boardsync/kit/peer-requests';
import { z } from 'zod';

/** What `/me` needs from the services that own projects and stored bytes; either throws PeerUnavailable when its owner cannot say. */
export interface AccountFacts {
  projectCounts(designerId: number, principalToken: string): Promise<{ count: number; unlockedCount: number }>;
  storageUsedBytes(designerId: number, principalToken: string): Promise<number>;
}

export interface PeerUrls {
  catalogUrl: string | undefined;
  assetUrl: string | undefined;
}

const projectCounts = z.object({ count: z.number().int().nonnegative(), unlocked_count: z.number().int().nonnegative() });
const storageUsage = z.object({ used_bytes: z.number().int().nonnegative() });

/**
 * Asks catalog and asset over their internal endpoints, forwarding the caller's principal. A
 * service that is not deployed (its URL unset) owns nothing yet, so it counts as zero. A pod that
 * is stopping is asked again on another connection (peer-requests.ts).
 */
export function httpAccountFacts(urls: PeerUrls, timeoutMs = 5_000): AccountFacts {
  async function ask<T>(service: string, base: string, path: string, principalToken: string, schema: z.ZodType<T>): Promise<T> {
    const { status, body } = await askPeer(service, new URL(path, base), principalToken, { timeoutMs });
    const parsed = schema.safeParse(body);
    if (status !== 200 || !parsed.success) throw new PeerUnavailable(service, new Error(`${service} answered ${String(status)}`));
    return parsed.data;
  }
  return {
    async projectCounts(designerId, principalToken) {
      if (!urls.catalogUrl) return { count: 0, unlockedCount: 0 };
      const counts = await ask('catalog', urls.catalogUrl, `/internal/designers/${String(designerId)}/project-counts`, principalToken, projectCounts);
      return { count: counts.count, unlockedCount: counts.unlocked_count };
    },
    async storageUsedBytes(designerId, principalToken) {
      if (!urls.assetUrl) return 0;
      return (await ask('asset', urls.assetUrl, `/internal/designers/${String(designerId)}/storage`, principalToken, storageUsage)).used_bytes;
    },
  };
}
