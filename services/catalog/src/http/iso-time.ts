/** ISO 8601 for a timestamp field that may be unset. */
export const iso = (date: Date | null | undefined): string | null => date?.toISOString() ?? null;
