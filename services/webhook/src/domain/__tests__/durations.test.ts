import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { durationList, parseDurations } from '../durations.ts';

describe('parseDurations', () => {
  it.each<[string, number[]]>([
    ['10s,1m,5m', [10_000, 60_000, 300_000]],
    ['200ms,400ms,600ms', [200, 400, 600]],
    [' 1h , 0ms ', [3_600_000, 0]],
    ['30s', [30_000]],
  ])('%j', (text, expected) => {
    expect(parseDurations(text)).toEqual(expected);
  });

  it.each<[string, string]>([
    ['', 'expected a comma-separated list of durations'],
    [' , ', 'expected a comma-separated list of durations'],
    ['10', '"10" is not a duration'],
    ['10s,,1m', '"" is not a duration'],
    ['1.5s', '"1.5s" is not a duration'],
    ['-1s', '"-1s" is not a duration'],
    ['10 s', '"10 s" is not a duration'],
    ['1d', '"1d" is not a duration'],
    ['10S', '"10S" is not a duration'],
    ['99999999999999h', 'too long a duration'],
  ])('refuses %j', (text, message) => {
    expect(() => parseDurations(text)).toThrow(message);
  });
});

describe('durationList', () => {
  const schema = z.object({ WEBHOOK_RETRY_DELAYS: durationList('10s,1m,5m') });

  it('defaults when unset and parses when set', () => {
    expect(schema.parse({}).WEBHOOK_RETRY_DELAYS).toEqual([10_000, 60_000, 300_000]);
    expect(schema.parse({ WEBHOOK_RETRY_DELAYS: '200ms,400ms' }).WEBHOOK_RETRY_DELAYS).toEqual([200, 400]);
  });

  it('reports a bad value as a zod issue on the variable', () => {
    const result = schema.safeParse({ WEBHOOK_RETRY_DELAYS: '10s,soon' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['WEBHOOK_RETRY_DELAYS'], message: expect.stringContaining('"soon" is not a duration') }),
    ]);
  });
});
