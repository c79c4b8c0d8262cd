/**
 * Bounds on an SVG's markup, checked by a scan of the text before any DOM is built. jsdom and
 * DOMPurify cost about 0.1 ms and 10 KB per element, and nesting costs them quadratic time and
 * then the stack: 700,000 `<rect/>` (5 MB) took 27 s and 2 GB, 4,000 nested `<g>` overflowed the
 * stack. Real artwork stays far below these (a detailed illustration has a few thousand paths).
 */
export const SVG_LIMITS: Readonly<MarkupLimits> = { maxElements: 50_000, maxDepth: 256 };

export interface MarkupLimits {
  maxElements: number;
  maxDepth: number;
}

export class SvgRejected extends Error {
  override readonly name = 'SvgRejected';
}

/**
 * Counts elements and nesting without parsing: comments, CDATA, processing instructions and
 * declarations are skipped, `>` inside quoted attribute values is not taken for a tag's end.
 * Malformed text simply stops the count; the XML parser that runs next says what is wrong.
 */
export function requireModestMarkup(text: string, limits: Readonly<MarkupLimits> = SVG_LIMITS): void {
  let elements = 0;
  let depth = 0;
  for (let at = text.indexOf('<'); at >= 0; at = text.indexOf('<', at)) {
    const next = text[at + 1];
    if (text.startsWith('<!--', at)) at = after(text, '-->', at);
    else if (text.startsWith('<![CDATA[', at)) at = after(text, ']]>', at);
    else if (next === '?') at = after(text, '?>', at);
    else if (next === '!') at = after(text, '>', at);
    else if (next === '/') {
      depth--;
      at = after(text, '>', at);
    } else {
      at = startTagEnd(text, at);
      if (at < 0) return;
      if (++elements > limits.maxElements) throw new SvgRejected(`The SVG has more than ${limits.maxElements} elements, the most accepted.`);
      if (text[at - 2] !== '/' && ++depth > limits.maxDepth)
        throw new SvgRejected(`The SVG nests elements more than ${limits.maxDepth} deep, the most accepted.`);
    }
    if (at < 0) return;
  }
}

/** Just past the `>` ending the start tag at `from`, or -1. */
function startTagEnd(text: string, from: number): number {
  let quote: string | undefined;
  for (let at = from + 1; at < text.length; at++) {
    const char = text[at];
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return at + 1;
  }
  return -1;
}

function after(text: string, terminator: string, from: number): number {
  const end = text.indexOf(terminator, from + 1);
  return end < 0 ? -1 : end + terminator.length;
}
