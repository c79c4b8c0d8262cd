/**
 * Whether CSS from an SVG (a `<style>` element, a `style` attribute or a presentation attribute
 * such as `fill`) can only reach the document itself. Judged by refusing rather than rewriting:
 * a stylesheet that fails is dropped whole, so no clever partial rewrite can be turned around.
 *
 * - `url(...)` must name a same-document fragment (`url(#gradient)`): anything else is a fetch
 *   (http, protocol-relative, relative to wherever the SVG is served) or a script/data URL;
 * - `@import` and the functions that load images from a bare string (`image-set("…")`, `image()`,
 *   `src()`, `cross-fade()`, `element()`) and old IE `expression()` are refused;
 * - any backslash is refused: CSS escapes (`\75 rl(`, `@\69 mport`) would otherwise spell the
 *   refused words without their letters;
 * - `javascript:`-like schemes, `-moz-binding` and `behavior` are refused wherever they appear.
 */
export function isSafeCss(css: string): boolean {
  // Browsers drop tabs and newlines inside URLs (`java\tscript:`), so judge the text without any.
  const compact = css.toLowerCase().replace(/[\s\p{Cc}]/gu, '');
  if (compact.includes('\\') || compact.includes('@import')) return false;
  if (/(?:image-set|image|src|cross-fade|element|expression)\(/.test(compact)) return false;
  if (/(?:java|vb|live)script:|-moz-binding|behavior:/.test(compact)) return false;
  return [...compact.matchAll(/url\(/g)].every((match) => /^url\((['"]?)#[^'"()]*\1\)/.test(compact.slice(match.index)));
}
