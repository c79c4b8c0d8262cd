/** The token a held request stands on: its digest (as revocations name it) and when it stops being valid. */
export interface HeldToken {
  digest: string;
  /** Unix seconds; undefined for tokens that do not expire (personal tokens). */
  expiresAt: number | undefined;
}
