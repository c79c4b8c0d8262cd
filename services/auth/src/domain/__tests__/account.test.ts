import { describe, expect, it } from '@jest/globals';
import { humanBytes, presentAccount } from '../account.ts';

describe('humanBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [10 * 1024 * 1024 + 1, '10 MB'],
    [1024 ** 3, '1 GB'],
    [5.25 * 1024 ** 3, '5.3 GB'],
  ])('%d bytes read %s', (bytes, text) => {
    expect(humanBytes(bytes)).toBe(text);
  });
});

describe('presentAccount', () => {
  const base = {
    designer: { id: 4, name: 'N', email: 'n@example.com', storageLimitBytes: 1000, unlockedProjectLimit: 2 },
    usedBytes: 1200,
    projects: { count: 5, unlockedCount: 2 },
    token: { scopes: ['projects:read'], source: 'api:abc' },
  };

  it('never reports negative remaining storage, and a reached cap forbids creating', () => {
    expect(presentAccount(base)).toMatchObject({
      storage: { used_bytes: 1200, limit_bytes: 1000, remaining_bytes: 0 },
      projects: { count: 5, unlocked_count: 2, can_create: false, unlocked_limit: 2 },
      token: { scopes: ['projects:read'], app: 'api:abc' },
    });
  });

  it('an uncapped plan reports null and may always create', () => {
    expect(presentAccount({ ...base, designer: { ...base.designer, unlockedProjectLimit: null } }).projects).toEqual({
      count: 5,
      unlocked_count: 2,
      can_create: true,
      unlocked_limit: null,
    });
  });
});
