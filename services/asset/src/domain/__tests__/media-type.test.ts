import { describe, expect, it } from '@jest/globals';
import { findSvgRoot, MEDIA, sniffMediaType, SNIFF_BYTES, type MediaKind } from '../media-type.ts';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)));

/** An ISO-BMFF `ftyp` box with a major brand, a minor version and compatible brands, then padding. */
const ftyp = (major: string, ...compatible: string[]): Uint8Array => {
  const size = 16 + 4 * compatible.length;
  return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 0, 0], ...compatible, [0, 0, 0, 8], 'mdat');
};

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

describe('sniffMediaType', () => {
  it.each<[string, Uint8Array, MediaKind | undefined]>([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'jpeg'],
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'), 'png'],
    ['GIF87a', bytes('GIF87a', [1, 0, 1, 0]), 'gif'],
    ['GIF89a', bytes('GIF89a', [1, 0, 1, 0]), 'gif'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'webp'],
    ['AVIF by major brand', ftyp('avif', 'mif1', 'miaf'), 'avif'],
    ['AVIF by compatible brand', ftyp('mif1', 'mif1', 'avif'), 'avif'],
    ['animated AVIF', ftyp('avis', 'msf1', 'avis'), 'avif'],
    ['SVG', bytes(SVG), 'svg'],
    [
      'SVG with BOM, declaration, comment, PI and DOCTYPE',
      bytes(
        [0xef, 0xbb, 0xbf],
        '<?xml version="1.0" encoding="UTF-8"?>\n<!-- Generator: Adobe Illustrator -->\n<?xml-stylesheet type="text/css" href="a.css"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n',
        SVG,
      ),
      'svg',
    ],
    ['SVG with a DOCTYPE internal subset (refused later, by the sanitizer)', bytes('<!DOCTYPE svg [<!ENTITY a "x>y">]><svg>&a;</svg>'), 'svg'],
    ['SVG root followed by a newline', bytes('<svg\nwidth="1"></svg>'), 'svg'],
    ['self-closing SVG root', bytes('<svg/>'), 'svg'],
    ['PDF renamed .png', bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), undefined],
    ['HEIC', ftyp('heic', 'mif1', 'heic'), undefined],
    ['HTML', bytes('<!DOCTYPE html><html><body><svg></svg></body></html>'), undefined],
    ['HTML with an svg after text', bytes('hello <svg></svg>'), undefined],
    ['an element named svgfoo', bytes('<svgfoo/>'), undefined],
    ['upper-case <SVG>', bytes('<SVG></SVG>'), undefined],
    ['prefixed root <svg:svg>', bytes('<svg:svg xmlns:svg="http://www.w3.org/2000/svg"/>'), undefined],
    ['an unterminated comment', bytes('<!-- <svg>'), undefined],
    ['empty', bytes(), undefined],
    ['truncated PNG signature', bytes([0x89, 0x50, 0x4e, 0x47]), undefined],
    ['truncated JPEG marker', bytes([0xff, 0xd8]), undefined],
    ['RIFF that is not WebP (WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), undefined],
    ['truncated ftyp box', ftyp('avif', 'mif1').subarray(0, 12), undefined],
    ['ftyp box claiming more bytes than given', bytes([0, 0, 0x10, 0], 'ftyp', 'avif', [0, 0, 0, 0]), undefined],
  ])('%s', (_name, head, expected) => {
    expect(sniffMediaType(head)).toBe(expected);
  });

  it('looks at no more than SNIFF_BYTES: a root after a long comment is not found', () => {
    const comment = `<!--${'x'.repeat(SNIFF_BYTES)}-->`;
    expect(sniffMediaType(bytes(comment, SVG).subarray(0, SNIFF_BYTES))).toBeUndefined();
    expect(sniffMediaType(bytes('<!-- short -->', SVG).subarray(0, SNIFF_BYTES))).toBe('svg');
  });
});

describe('findSvgRoot', () => {
  it('points at the root start tag after the prolog', () => {
    const prolog = '<?xml version="1.0"?><!-- a > b --><!DOCTYPE svg PUBLIC "x>y" "z">';
    expect(findSvgRoot(prolog + SVG)).toBe(prolog.length);
  });
});

describe('MEDIA', () => {
  it('names a content type and extension for every kind', () => {
    expect(MEDIA.jpeg).toEqual({ contentType: 'image/jpeg', extension: '.jpg' });
    expect(MEDIA.svg).toEqual({ contentType: 'image/svg+xml', extension: '.svg' });
    expect(Object.keys(MEDIA).sort()).toEqual(['avif', 'gif', 'jpeg', 'png', 'svg', 'webp']);
  });
});
