import { html, page } from './html.ts';

export function errorPage(title: string, message: string): string {
  return page(title, html`<h1>${title}</h1><p class="error">${message}</p>`);
}
