import { Problem } from '@boardsync/kit';

/** 422 `storage_quota_exceeded`, with the numbers a tool needs to tell the designer what to free. */
export function storageQuotaExceeded(neededBytes: number, limitBytes: number, usedBytes: number): Problem {
  const remaining = Math.max(limitBytes - usedBytes, 0);
  return new Problem({
    status: 422,
    code: 'storage_quota_exceeded',
    detail: `This file needs ${String(neededBytes)} bytes of storage; ${String(remaining)} of your plan's ${String(limitBytes)} bytes remain (uploads in progress included). Delete assets or upgrade to store it.`,
    extensions: { needed_bytes: neededBytes, limit_bytes: limitBytes, used_bytes: usedBytes, remaining_bytes: remaining },
  });
}
