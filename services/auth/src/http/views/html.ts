/** Markup that is already safe; everything else interpolated into `html` is escaped. */
export class SafeHtml {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

type Interpolation = SafeHtml | string | number | boolean | null | undefined | readonly Interpolation[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return (value as readonly Interpolation[]).map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, text, index) => out + text + (index < values.length ? render(values[index]) : ''), ''));
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f6f5f2; color: #1f1d1a; }
  main { max-width: 44rem; margin: 3rem auto; background: #fff; padding: 2rem 2.5rem; border-radius: 10px; box-shadow: 0 1px 4px #0002; }
  h1 { margin-top: 0; font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
  label { display: block; margin: .75rem 0 .25rem; font-weight: 600; }
  input[type=text], input[type=email], input[type=password], textarea { width: 100%; box-sizing: border-box; padding: .5rem; font: inherit; border: 1px solid #bbb; border-radius: 6px; }
  .scope { display: flex; gap: .6rem; align-items: baseline; margin: .4rem 0; font-weight: normal; }
  button { font: inherit; padding: .5rem 1.1rem; border-radius: 6px; border: 1px solid #555; background: #fff; cursor: pointer; margin-top: 1rem; }
  button.primary { background: #2d5a3d; color: #fff; border-color: #2d5a3d; }
  .error { background: #fde8e8; border: 1px solid #e0a0a0; padding: .75rem 1rem; border-radius: 6px; }
  .notice { background: #e8f4ea; border: 1px solid #9fcaa8; padding: .75rem 1rem; border-radius: 6px; }
  code, .secret { font-family: ui-monospace, monospace; word-break: break-all; }
  table { border-collapse: collapse; width: 100%; } td, th { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid #eee; vertical-align: top; }
  .muted { color: #666; font-size: .9rem; } form.inline { display: inline; } form.inline button { margin-top: 0; }
  header { display: flex; justify-content: space-between; align-items: baseline; }
`;

export function page(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title} · boardsync</title>
<style>${new SafeHtml(STYLE)}</style>
</head>
<body><main>${body}</main></body>
</html>`.value;
}
