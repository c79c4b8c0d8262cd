import type { Scope } from '@boardsync/kit/core';

/** What the gateway knows about an active bearer token. */
export interface TokenInfo {
  designerId: number;
  source: string;
  scopes: Scope[];
  storageLimitBytes: number;
  unlockedProjectLimit: number | null;
  /** Unix seconds, when the token stops being valid (personal tokens: none). */
  expiresAt: number | undefined;
  /** The consent the token stands on (`pat:{id}`, `grant:{id}`), passed to the services in the principal. */
  credential?: string;
}
