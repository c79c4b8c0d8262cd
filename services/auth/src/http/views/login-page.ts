import { html, page } from './html.ts';

export interface LoginView {
  csrf: string;
  next: string;
  email?: string;
  error?: string;
}

export function loginPage(view: LoginView): string {
  return page(
    'Sign in',
    html`<h1>Sign in to boardsync</h1>
${view.error ? html`<p class="error" role="alert">${view.error}</p>` : ''}
<form method="post" action="/login">
  <input type="hidden" name="csrf" value="${view.csrf}">
  <input type="hidden" name="next" value="${view.next}">
  <label for="email">Email</label>
  <input type="email" id="email" name="email" autocomplete="username" required value="${view.email ?? ''}">
  <label for="password">Password</label>
  <input type="password" id="password" name="password" autocomplete="current-password" required>
  <button class="primary" type="submit">Sign in</button>
</form>`,
  );
}
