import { describe, expect, it } from '@jest/globals';
import { arrayLiteral } from '../placeholders.ts';

describe('arrayLiteral', () => {
  it('quotes every element and escapes quotes and backslashes', () => {
    expect(arrayLiteral(['a', 'b"c', 'd\\e', '{x,y}', ' '])).toBe('{"a","b\\"c","d\\\\e","{x,y}"," "}');
  });

  it('writes null unquoted, and the text NULL quoted', () => {
    expect(arrayLiteral([null, 'NULL'])).toBe('{NULL,"NULL"}');
  });

  it('writes numbers and the empty array', () => {
    expect(arrayLiteral([1, 22])).toBe('{"1","22"}');
    expect(arrayLiteral([])).toBe('{}');
  });
});
