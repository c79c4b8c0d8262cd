import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import { findSvgRoot } from '../domain/media-type.ts';
import { requireModestMarkup, SvgRejected } from '../domain/svg-markup.ts';
import { enforceSvgRules } from '../domain/svg-rules.ts';

export { SvgRejected } from '../domain/svg-markup.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
const PARSER_ERROR_NS = 'http://www.mozilla.org/newlayout/xml/parsererror.xml';

const PURIFY_CONFIG: Config = {
  USE_PROFILES: { svg: true, svgFilters: true },
  // DOMPurify leaves <use> out because it can pull in other documents; enforceSvgRules keeps its
  // href to a same-document `#id`, which is what designers' `<use href="#shape">` needs.
  ADD_TAGS: ['use'],
};

interface Purifier {
  window: JSDOM['window'];
  purify: DOMPurify;
}

let purifier: Purifier | undefined;

/** One window for the life of the process: a JSDOM costs milliseconds and megabytes to make. */
function shared(): Purifier {
  if (!purifier) {
    const { window } = new JSDOM('');
    purifier = { window, purify: createDOMPurify(window) };
  }
  return purifier;
}

/**
 * A standalone SVG document with nothing in it that runs script, links or loads anything outside
 * itself (see `enforceSvgRules`), serialized as XML with `xmlns` on its root. Throws `SvgRejected`
 * (its message fit for the client) for text that is not a well-formed SVG or is too big a tree
 * (`SVG_LIMITS`); a DOCTYPE internal subset or entity declaration is refused before parsing, so
 * an entity bomb costs one scan of the text. Synchronous and CPU-heavy: the service runs it in a
 * worker (`SvgSandbox`), this module importing nothing that a worker would not need.
 */
export function sanitizeSvg(text: string): string {
  const rootAt = findSvgRoot(text);
  if (rootAt === undefined) throw new SvgRejected('The SVG does not start with an <svg> root element.');
  refuseDeclarations(text, rootAt);
  requireModestMarkup(text);
  const { window, purify } = shared();
  const parsed = parseSvg(window, text, rootAt);
  inlineCdata(parsed);
  const svg = purify.sanitize(parsed, { ...PURIFY_CONFIG, RETURN_DOM: true }).firstChild;
  if (!(svg instanceof window.Element) || svg.localName !== 'svg' || svg.namespaceURI !== SVG_NS)
    throw new SvgRejected('Nothing of the SVG root element survived sanitizing.');
  enforceSvgRules(svg);
  return new window.XMLSerializer().serializeToString(svg);
}

function refuseDeclarations(text: string, rootAt: number): void {
  const prolog = text.slice(0, rootAt).replace(/<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g, '');
  if (/<!ENTITY/i.test(text) || prolog.includes('[')) {
    throw new SvgRejected('SVG files with entity declarations or a DOCTYPE internal subset are not accepted.');
  }
}

/** The root element, parsed as XML; an SVG written without `xmlns` is read as being in the SVG namespace. */
function parseSvg(window: Purifier['window'], text: string, rootAt: number): Element {
  let root = parseXml(window, text);
  if (root.localName === 'svg' && root.namespaceURI === null) {
    root = parseXml(window, `${text.slice(0, rootAt + 4)} xmlns="${SVG_NS}"${text.slice(rootAt + 4)}`);
  }
  if (root.localName !== 'svg' || root.namespaceURI !== SVG_NS) throw new SvgRejected('The root element is not an SVG <svg> element.');
  return root;
}

function parseXml(window: Purifier['window'], text: string): Element {
  let root: Element;
  try {
    root = new window.DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
  } catch (error) {
    throw new SvgRejected('The SVG could not be parsed.', { cause: error });
  }
  if (root.namespaceURI === PARSER_ERROR_NS) {
    const reason = root.textContent.trim().split('\n')[0]?.slice(0, 200).replace(/\.$/, '');
    throw new SvgRejected(`The SVG is not well-formed XML${reason ? `: ${reason}` : ''}.`);
  }
  return root;
}

/**
 * CDATA sections become plain text: DOMPurify drops them (emptying every `<style><![CDATA[…]]>`
 * that design tools write), and as text their content is escaped on the way out.
 */
function inlineCdata(root: Element): void {
  const document = root.ownerDocument;
  const walker = document.createTreeWalker(root, 0x8 /* NodeFilter.SHOW_CDATA_SECTION */);
  const sections: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) sections.push(node);
  for (const section of sections) section.parentNode?.replaceChild(document.createTextNode(section.textContent ?? ''), section);
}
