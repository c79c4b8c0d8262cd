import { describe, expect, it } from '@jest/globals';
import { maskOptions, resolveMask } from '../mask-library.ts';

const custom = [
  { id: 7, kind: 'token' as const, name: 'Meeple', aspect: '1:1' },
  { id: 8, kind: 'card' as const, name: 'Tarot Arch', aspect: '7:12' },
];

describe('resolveMask', () => {
  it.each([
    ['card', 'none', 'none'],
    ['card', 'rectangle', 'default:rectangle'],
    ['card', 'default:rectangle_rounded', 'default:rectangle_rounded'],
    ['card', 'diamond', 'default:diamond'],
    ['token', 'hex_pointy', 'default:hex_pointy'],
    ['token', 'custom:7', 'custom:7'],
    ['token', '  meeple ', 'custom:7'],
    ['card', 'TAROT ARCH', 'custom:8'],
  ] as const)('%s %j reads back as %s', (kind, value, stored) => {
    expect(resolveMask(kind, value, custom)).toBe(stored);
  });

  it.each([
    ['token', 'diamond'],
    ['card', 'hex_pointy'],
    ['card', 'custom:7'],
    ['token', 'custom:999'],
    ['card', 'blob'],
    ['card', ''],
  ] as const)('refuses %s %j', (kind, value) => {
    expect(resolveMask(kind, value, custom)).toBeUndefined();
  });
});

describe('maskOptions', () => {
  it('offers none and default:rectangle to both kinds, never a blank value, and only the kind’s own custom masks', () => {
    for (const kind of ['card', 'token'] as const) {
      const values = maskOptions(kind, custom).map((option) => option.value);
      expect(values.slice(0, 2)).toEqual(['none', 'default:rectangle']);
      expect(values.every(Boolean)).toBe(true);
      expect(new Set(values).size).toBe(values.length);
    }
    expect(maskOptions('card', custom).map((option) => option.value)).toContain('custom:8');
    expect(maskOptions('card', custom).map((option) => option.value)).not.toContain('custom:7');
  });
});
