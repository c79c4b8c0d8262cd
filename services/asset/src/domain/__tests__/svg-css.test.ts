import { describe, expect, it } from '@jest/globals';
import { isSafeCss } from '../svg-css.ts';

describe('isSafeCss', () => {
  it.each([
    '.a { fill: url(#grad); stroke: #000 }',
    "fill: url('#g')",
    'url( "#g" )',
    'rotate(45 10 10) translate(2,3)',
    'linear-gradient(red, blue); width: calc(100% - 2px)',
    '@media (max-width: 10px) { .a { opacity: .5 } }',
  ])('accepts %j', (css) => {
    expect(isSafeCss(css)).toBe(true);
  });

  it.each([
    '@import "//evil.example/x.css";',
    '@IMPORT url(x.css)',
    'fill: url(https://evil.example/x#g)',
    'fill: url(//evil.example/x#g)',
    'fill: url(x.svg#g)',
    'fill: url(/**/#g)',
    'fill: url(#a) url(http://evil.example/)',
    'background: url(javascript:alert(1))',
    'background: URL(data:image/png;base64,AAAA)',
    'background: image-set("https://evil.example/x.png" 1x)',
    'background: -webkit-image-set("x.png" 1x)',
    'width: expression(alert(1))',
    'fill: \\75 rl(https://evil.example/)',
    '-moz-binding: url(#x)',
    'behavior: url(#x)',
    'java\tscript:alert(1)',
  ])('refuses %j', (css) => {
    expect(isSafeCss(css)).toBe(false);
  });
});
