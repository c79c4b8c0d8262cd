/** The six image types the service accepts, judged by their bytes alone. */
export type MediaKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'svg';

export const MEDIA: Readonly<Record<MediaKind, { contentType: string; extension: string }>> = {
  jpeg: { contentType: 'image/jpeg', extension: '.jpg' },
  png: { contentType: 'image/png', extension: '.png' },
  gif: { contentType: 'image/gif', extension: '.gif' },
  webp: { contentType: 'image/webp', extension: '.webp' },
  avif: { contentType: 'image/avif', extension: '.avif' },
  svg: { contentType: 'image/svg+xml', extension: '.svg' },
};

/**
 * Headers an object keeps in the bucket, for where it is served straight from there
 * (`ASSET_PUBLIC_URL` on the bucket or a CDN), which sets no `Content-Security-Policy` per object:
 * S3 keeps only standard headers. An SVG opened on its own is a document the browser runs, so it is
 * stored as an attachment: opened directly it downloads instead of rendering in the bucket's
 * origin, while `<img>`, CSS and every HTTP client read it as before. Rasters are no documents.
 */
export function servingHeaders(contentType: string): Record<string, string> {
  return contentType === MEDIA.svg.contentType ? { 'Content-Disposition': 'attachment' } : {};
}

/**
 * How many leading bytes `sniffMediaType` looks at. Rasters need at most an ISO-BMFF `ftyp` box;
 * an SVG's root element has to start within these bytes (after its prolog), or it is not taken for one.
 */
export const SNIFF_BYTES = 4100;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** What the leading bytes of a file are; never a filename or a declared type. */
export function sniffMediaType(head: Uint8Array): MediaKind | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, PNG_SIGNATURE)) return 'png';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (isAvif(head)) return 'avif';
  if (findSvgRoot(new TextDecoder('utf-8').decode(head)) !== undefined) return 'svg';
  return undefined;
}

/**
 * Where the root `<svg` start tag begins in an XML text: only an optional BOM, XML declaration,
 * comments, processing instructions, whitespace and one DOCTYPE may come first. Deliberately strict:
 * a prefixed root (`<svg:svg>`) or anything else first (HTML, text) is not an SVG here.
 */
export function findSvgRoot(text: string): number | undefined {
  let at = text.startsWith('\uFEFF') ? 1 : 0;
  for (;;) {
    while (at < text.length && isXmlSpace(text.charCodeAt(at))) at++;
    if (text.startsWith('<?', at)) at = after(text, '?>', at + 2);
    else if (text.startsWith('<!--', at)) at = after(text, '-->', at + 4);
    else if (text.startsWith('<!DOCTYPE', at)) at = afterDoctype(text, at + 9);
    else return /^<svg[\s>/]/.test(text.slice(at, at + 5)) ? at : undefined;
    if (at < 0) return undefined;
  }
}

/** An ISO-BMFF file whose `ftyp` box names an AVIF brand (HEIC and other HEIF files do not). */
function isAvif(head: Uint8Array): boolean {
  if (head.length < 16 || ascii(head, 4, 8) !== 'ftyp') return false;
  const boxSize = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(0);
  if (boxSize < 16 || boxSize > head.length) return false;
  if (AVIF_BRANDS.has(ascii(head, 8, 12))) return true;
  for (let brand = 16; brand + 4 <= boxSize; brand += 4) {
    if (AVIF_BRANDS.has(ascii(head, brand, brand + 4))) return true;
  }
  return false;
}

/** Skips a DOCTYPE, internal subset and quoted ids included; -1 if it does not end in the text. */
function afterDoctype(text: string, from: number): number {
  let quote: string | undefined;
  let inSubset = false;
  for (let at = from; at < text.length; at++) {
    const char = text[at];
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '[') inSubset = true;
    else if (char === ']') inSubset = false;
    else if (char === '>' && !inSubset) return at + 1;
  }
  return -1;
}

function after(text: string, terminator: string, from: number): number {
  const end = text.indexOf(terminator, from);
  return end < 0 ? -1 : end + terminator.length;
}

function isXmlSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return bytes.length < end ? '' : String.fromCharCode(...bytes.subarray(start, end));
}
