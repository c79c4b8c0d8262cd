import { isSafeCss } from './svg-css.ts';

/**
 * Elements that run script, embed another document or exist to animate something into a link;
 * DOMPurify's SVG profile already drops them, this keeps that true whatever its allowlist becomes.
 */
const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'frame',
  'embed',
  'object',
  'handler',
  'listener',
  'audio',
  'video',
  'canvas',
  'animation',
  'animate',
  'set',
]);

/** Attributes that name something to load or navigate to, beside `href` itself. */
const URL_ATTRIBUTES = new Set(['src', 'action', 'formaction', 'base', 'codebase', 'data']);

/** An animation must not target a link, a handler or styles: `<animate attributeName="href" to="javascript:…">`. */
const ANIMATION_ELEMENTS = new Set(['animatecolor', 'animatemotion', 'animatetransform']);

/**
 * The second line after DOMPurify, on its output: nothing survives that runs script or fetches
 * anything. A link (`href`/`xlink:href`, on any element) may only be a same-document fragment
 * `#id`, so `<use>`, `<image>`, `<feImage>` and `<a>` can never reach another document, a data
 * URL or the network; embedded raster `data:` images are dropped too, because librsvg would
 * decode them outside the pixel limit we put on every other image.
 */
export function enforceSvgRules(root: Element): void {
  for (const node of subtree(root)) {
    if (node.nodeType === node.COMMENT_NODE || node.nodeType === node.PROCESSING_INSTRUCTION_NODE) node.parentNode?.removeChild(node);
    if (node.nodeType !== node.ELEMENT_NODE) continue;
    const element = node as Element;
    const name = element.localName.toLowerCase();
    if (FORBIDDEN_ELEMENTS.has(name) || (ANIMATION_ELEMENTS.has(name) && !isSafeAnimation(element))) {
      element.parentNode?.removeChild(element);
      continue;
    }
    if (name === 'style' && !(element.children.length === 0 && isSafeCss(element.textContent))) {
      element.parentNode?.removeChild(element);
      continue;
    }
    for (const attribute of [...element.attributes]) {
      if (!isSafeAttribute(attribute)) element.removeAttributeNode(attribute);
    }
  }
}

function isSafeAttribute(attribute: Attr): boolean {
  const name = attribute.localName.toLowerCase();
  if (name.startsWith('on') || URL_ATTRIBUTES.has(name) || attribute.name.toLowerCase() === 'xml:base') return false;
  if (name === 'href' || name.endsWith(':href')) return attribute.value.trim().startsWith('#');
  if (/^data:/i.test(attribute.value.trim())) return false;
  // Every other value may be CSS (style, fill="url(…)", filter, mask, cursor, values, to …).
  return isSafeCss(attribute.value);
}

function isSafeAnimation(element: Element): boolean {
  const target = (element.getAttribute('attributeName') ?? '').trim().toLowerCase();
  return !(target.includes('href') || target.startsWith('on') || target === 'style' || target.endsWith(':base'));
}

/** The root and all below it, as a snapshot: removing a node while walking must not skip its siblings. */
function subtree(root: Element): Node[] {
  const nodes: Node[] = [root];
  const walker = root.ownerDocument.createTreeWalker(root);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
  return nodes;
}
