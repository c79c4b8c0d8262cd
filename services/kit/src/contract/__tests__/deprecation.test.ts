import { describe, expect, it } from '@jest/globals';
import { deprecationHeaders, usedBy, type Deprecation } from '../deprecation.ts';

const field: Deprecation = {
  what: { field: 'old' },
  since: '2026-11-28',
  link: '/docs#a',
  instead: '`new`',
  usedBy: (body) => typeof body === 'object' && body !== null && 'old' in body,
};
const operation: Deprecation = { what: { operation: true }, since: '2026-01-01', sunset: '2027-06-30', link: '/docs#b', instead: 'another' };

describe('deprecation headers', () => {
  it('says nothing when nothing deprecated was used', () => {
    expect(deprecationHeaders([])).toEqual({});
  });

  it('gives the earliest deprecation as an RFC 9745 date, the earliest sunset as an HTTP date, and every link', () => {
    expect(deprecationHeaders([field, operation])).toEqual({
      Deprecation: `@${String(Date.UTC(2026, 0, 1) / 1000)}`,
      Sunset: 'Wed, 30 Jun 2027 00:00:00 GMT',
      Link: '</docs#a>; rel="deprecation"; type="text/html", </docs#b>; rel="deprecation"; type="text/html"',
    });
    expect(deprecationHeaders([field])).not.toHaveProperty('Sunset');
  });

  it('counts a field used only when the request sends it, an operation always', () => {
    expect([usedBy(field, { old: 1 }), usedBy(field, { new: 1 }), usedBy(field, undefined), usedBy(operation, undefined)]).toEqual([true, false, false, true]);
  });

  it('refuses a day that is not YYYY-MM-DD', () => {
    expect(() => deprecationHeaders([{ ...field, since: '28/11/2026' }])).toThrow(/not a YYYY-MM-DD day/);
  });
});
