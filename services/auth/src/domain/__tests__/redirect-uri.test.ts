import { describe, expect, it } from '@jest/globals';
import { redirectUriProblem } from '../redirect-uri.ts';

describe('redirectUriProblem', () => {
  it.each(['https://tool.example/callback', 'http://127.0.0.1:53682/cb', 'http://localhost/cb', 'http://[::1]:8000/cb', 'com.example.deckbuilder:/oauth'])(
    'accepts %s',
    (uri) => {
      expect(redirectUriProblem(uri)).toBeUndefined();
    },
  );

  it.each(['http://tool.example/cb', 'https://tool.example/cb#frag', '/relative/cb', 'javascript:alert(1)', 'data:text/html,hi', 'myapp:/cb', 'not a uri'])(
    'refuses %s',
    (uri) => {
      expect(redirectUriProblem(uri)).toEqual(expect.any(String));
    },
  );
});
