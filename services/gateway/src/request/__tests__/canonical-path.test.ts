import { describe, expect, it } from '@jest/globals';
import { Problem } from '@boardsync/kit/core';
import { parseRequestTarget, upstreamPathOf } from '../canonical-path.ts';

function refusal(target: string): Problem | undefined {
  try {
    parseRequestTarget(target);
    return undefined;
  } catch (error) {
    return error instanceof Problem ? error : undefined;
  }
}

describe('parseRequestTarget', () => {
  it.each([
    ['/api/v1/projects', '/api/v1/projects', ''],
    ['/api/v1/projects/', '/api/v1/projects/', ''],
    ['/', '/', ''],
    ['/api/v1/projects?page=2&q=a%2Fb', '/api/v1/projects', 'page=2&q=a%2Fb'],
    ['/oauth/authorize?state={x}|y^`', '/oauth/authorize', 'state={x}|y^`'],
    ['/api/v1/projects/7/components/card%20one', '/api/v1/projects/7/components/card%20one', ''],
    ['/api/v1/projects/7/components/100%25', '/api/v1/projects/7/components/100%25', ''],
    ['/api/v1/projects/7/components/a.b..c', '/api/v1/projects/7/components/a.b..c', ''],
    ['/api/v1/projects/7/components/...', '/api/v1/projects/7/components/...', ''],
    ['/x?', '/x', ''],
  ])('accepts %s', (target, path, query) => {
    expect(parseRequestTarget(target)).toEqual({ path, query });
  });

  it('forwards the path and the raw query exactly as received', () => {
    expect(upstreamPathOf(parseRequestTarget('/api/v1/projects/a%20b?x=%2e%2e&y'))).toBe('/api/v1/projects/a%20b?x=%2e%2e&y');
  });

  it.each([
    // dot segments, raw and encoded in every case and mix, and double-encoded
    '/api/v1/projects/1/groups/..',
    '/api/v1/projects/1/groups/../',
    '/api/v1/projects/1/groups/.',
    '/api/v1/projects/1/components/.',
    '/api/v1/./projects',
    '/api/v1/projects/1/groups/%2e%2e',
    '/api/v1/projects/1/groups/%2E%2E',
    '/api/v1/projects/1/groups/%2E%2e',
    '/api/v1/projects/1/groups/.%2e',
    '/api/v1/projects/1/groups/%2e.',
    '/api/v1/projects/1/groups/%2e',
    '/api/v1/projects/1/groups/%252e%252e',
    '/api/v1/projects/1/groups/..;x',
    '/oauth/../admin/designers/1',
    // backslashes and encoded separators
    '/api/v1/projects/1/groups/..\\',
    '/api/v1/projects\\1',
    '/api/v1/projects/1%5c..',
    '/api/v1/projects/1%5C',
    '/api/v1/projects/1%2fgroups',
    '/api/v1/projects/1%2F..',
    '/api/v1/projects/1%252fgroups',
    // control characters, raw and encoded
    '/api/v1/projects/1%00',
    '/api/v1/projects/1\u0000',
    '/api/v1/projects/1%0d%0aX-Injected:%201',
    '/api/v1/projects/1%7f',
    '/api/v1/projects/1\t',
    '/api/v1/projects?q=%00',
    '/login?next=%0d%0aSet-Cookie:x',
    '/api/v1/projects?q=a b',
    // not origin-form, empty segments, malformed or non-UTF-8 encodings, other characters
    'http://127.0.0.1/api/v1/projects',
    '*',
    'example.com:443',
    '',
    '//api/v1/projects',
    '/api/v1//projects',
    '/api/v1/projects/1/groups//',
    '/api/v1/projects/%zz',
    '/api/v1/projects/%2',
    '/api/v1/projects/%ff',
    '/api/v1/projects/é',
    '/api/v1/projects#frag',
    '/api/v1/projects/<script>',
    '/api/v1/projects/%25252525252e',
  ])('refuses %j with 400 invalid_path', (target) => {
    const problem = refusal(target);
    expect(problem).toBeDefined();
    expect(problem?.status).toBe(400);
    expect(problem?.code).toBe('invalid_path');
  });
});
