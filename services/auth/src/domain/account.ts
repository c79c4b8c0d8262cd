/** The facts `/me` reports (docs/rules.md "Account"), computed from counts gathered elsewhere. */
export interface AccountInput {
  designer: { id: number; name: string; email: string; storageLimitBytes: number; unlockedProjectLimit?: number | null | undefined };
  usedBytes: number;
  projects: { count: number; unlockedCount: number };
  token: { scopes: string[]; source: string };
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** 1024-based, one decimal below 10 units ("1.5 GB", "12 MB", "0 B"). */
export function humanBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? String(Math.round(value)) : value.toFixed(1).replace(/\.0$/, '');
  return `${shown} ${UNITS[unit] ?? 'B'}`;
}

export function presentAccount({ designer, usedBytes, projects, token }: AccountInput) {
  const limit = designer.storageLimitBytes;
  const cap = designer.unlockedProjectLimit ?? null;
  return {
    user: { id: designer.id, name: designer.name, email: designer.email },
    storage: {
      used_bytes: usedBytes,
      limit_bytes: limit,
      remaining_bytes: Math.max(0, limit - usedBytes),
      used_human: humanBytes(usedBytes),
      limit_human: humanBytes(limit),
    },
    projects: {
      count: projects.count,
      unlocked_count: projects.unlockedCount,
      can_create: cap === null || projects.unlockedCount < cap,
      unlocked_limit: cap,
    },
    token: { scopes: token.scopes, app: token.source },
  };
}
