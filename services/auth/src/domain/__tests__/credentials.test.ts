import { describe, expect, it } from '@jest/globals';
import { appCredential, grantCredential, parseCredential, personalTokenCredential } from '../credentials.ts';

describe('credentials', () => {
  it('reads back every name it writes', () => {
    expect(parseCredential(personalTokenCredential(12))).toEqual({ kind: 'personal-token', id: 12 });
    expect(parseCredential(grantCredential(2_147_483_647))).toEqual({ kind: 'grant', id: 2_147_483_647 });
    expect(parseCredential(appCredential('Ab_c-9.~'))).toEqual({ kind: 'app', clientId: 'Ab_c-9.~' });
    expect(parseCredential('pat:*')).toEqual({ kind: 'any-personal-token' });
  });

  it.each([
    'pat:0',
    'pat:012',
    'grant:2147483648',
    'grant:-1',
    'grant:1.5',
    'pat:',
    'app:',
    'app:a b',
    'app:a/b',
    'token:1',
    'grant',
    '',
    'pat:1:2',
    'grant:*',
  ])('names no consent with %j', (name) => {
    expect(parseCredential(name)).toBeUndefined();
  });
});
