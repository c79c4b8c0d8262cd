import { z } from 'zod';

const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const;
const DURATION = /^(\d+)(ms|s|m|h)$/;

/** `10s,1m,5m` → `[10000, 60000, 300000]`: whole numbers with a unit (ms, s, m or h), comma-separated. */
export function parseDurations(text: string): number[] {
  const items = text.split(',').map((item) => item.trim());
  if (items.every((item) => item === '')) throw new Error('expected a comma-separated list of durations such as 10s,1m,5m');
  return items.map((item) => {
    const match = DURATION.exec(item);
    if (!match) throw new Error(`"${item}" is not a duration: expected a whole number and a unit (ms, s, m or h), such as 10s`);
    const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
    if (!Number.isSafeInteger(ms)) throw new Error(`"${item}" is too long a duration`);
    return ms;
  });
}

/** A config field of durations (`WEBHOOK_RETRY_DELAYS: durationList('10s,1m,5m')`), parsed to milliseconds. */
export function durationList(defaultText: string) {
  return z
    .string()
    .default(defaultText)
    .transform((text, ctx) => {
      try {
        return parseDurations(text);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
    });
}
