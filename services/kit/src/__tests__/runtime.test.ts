import { describe, expect, it } from '@jest/globals';

describe('runtime', () => {
  it('runs on Node.js 24, the version the project pins', () => {
    expect(Number(process.versions.node.split('.')[0])).toBe(24);
  });
});
