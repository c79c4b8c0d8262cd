import { describe, expect, it } from '@jest/globals';
import { requireModestMarkup, SvgRejected } from '../svg-markup.ts';

const limits = { maxElements: 4, maxDepth: 2 } as const;

describe('requireModestMarkup', () => {
  it.each([
    ['four elements, two deep', '<svg><g><rect/></g><rect/></svg>'],
    [
      'tags inside comments, CDATA and attribute values are not elements',
      '<svg><!-- <g><g><g> --><text><![CDATA[<g><g><g>]]></text><rect title="a > <g>"/></svg>',
    ],
    ['self-closing elements add no depth', '<svg><rect/><rect /></svg>'],
    ['a prolog and a DOCTYPE are skipped', '<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x"><svg><g/></svg>'],
    ['malformed text is left to the parser', '<svg><rect title="unterminated'],
  ])('accepts %s', (_name, text) => {
    expect(() => {
      requireModestMarkup(text, limits);
    }).not.toThrow();
  });

  it.each([
    ['five elements', '<svg><rect/><rect/><rect/><rect/></svg>', /has more than 4 elements/],
    ['three deep', '<svg><g><g></g></g></svg>', /nests elements more than 2 deep/],
  ])('refuses %s', (_name, text, message) => {
    const refuse = (): void => {
      requireModestMarkup(text, limits);
    };
    expect(refuse).toThrow(SvgRejected);
    expect(refuse).toThrow(message);
  });
});
