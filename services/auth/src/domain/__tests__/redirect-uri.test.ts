import { describe, expect, it } from '@jest/globals';
import { checkRedirectUris, redirectUriRefusal } from '../redirect-uri.ts';

describe('redirectUriRefusal', () => {
  it.each(['https://tool.example/callback', 'http://127.0.0.1:53682/cb', 'http://localhost/cb', 'http://[::1]:8000/cb', 'com.example.deckbuilder:/oauth'])(
    'accepts %s',
    (uri) => {
      expect(redirectUriRefusal(uri)).toBeUndefined();
    },
  );

  it.each(['http://tool.example/cb', 'https://tool.example/cb#frag', '/relative/cb', 'javascript:alert(1)', 'data:text/html,hi', 'myapp:/cb', 'not a uri'])(
    'refuses %s',
    (uri) => {
      expect(redirectUriRefusal(uri)).toEqual(expect.any(String));
    },
  );
});

describe('checkRedirectUris', () => {
  it('trims, drops blanks and keeps each URI once', () => {
    expect(checkRedirectUris([' https://a.example/cb ', '', 'https://a.example/cb', 'http://localhost/cb'])).toEqual({
      uris: ['https://a.example/cb', 'http://localhost/cb'],
      errors: {},
    });
  });

  it('names each refused URI by its place in the kept list, and an empty list', () => {
    expect(checkRedirectUris(['https://a.example/cb', 'http://b.example/cb']).errors).toEqual({
      'redirect_uris.1': ['http://b.example/cb must use https (plain http only on localhost, 127.0.0.1 or [::1])'],
    });
    expect(checkRedirectUris(['  ']).errors).toEqual({ redirect_uris: ['needs at least one redirect URI'] });
  });
});
