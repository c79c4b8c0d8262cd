/**
 * A minimal browser for the sign-in and consent pages: keeps cookies, reads forms' hidden
 * fields, never follows redirects (the test looks at each Location). The real-browser test is
 * auth-browser.spec.ts; this one makes the protocol tests fast.
 */
export class FormClient {
  private readonly cookies = new Map<string, string>();
  readonly base: string;
  /** Sent with every request: tests that reach auth directly play the gateway (X-Forwarded-For, X-Forwarded-Proto). */
  private readonly headers: Record<string, string>;

  constructor(base: string, headers: Record<string, string> = {}) {
    this.base = base;
    this.headers = headers;
  }

  /** The cookies this browser holds, by name. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Sets a cookie as someone else could (a sibling subdomain over plain http), for the tests of what that buys. */
  plant(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  async get(pathOrUrl: string): Promise<Response> {
    return this.send(pathOrUrl, { method: 'GET' });
  }

  async post(path: string, fields: [string, string][]): Promise<Response> {
    return this.send(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  }

  private async send(pathOrUrl: string, init: RequestInit): Promise<Response> {
    const url = new URL(pathOrUrl, this.base);
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...this.headers, ...(init.headers as Record<string, string> | undefined), ...(cookie ? { cookie } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

/** name → value of a page's hidden inputs (the last one wins). */
export function hiddenFields(page: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[unescape(match[1] ?? '')] = unescape(match[2] ?? '');
  }
  return fields;
}

function unescape(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export interface ConsentChoice {
  email: string;
  password: string;
  /** Scopes to leave ticked; default all requested. */
  grant?: string[];
  decision?: 'approve' | 'deny';
}

/**
 * Follows an authorization URL as a person would: signs in when asked, then answers the consent
 * page. Returns where auth finally sends the browser (the app's redirect URI with code or error).
 */
export async function authorizeAsPerson(browser: FormClient, authorizeUrl: string, choice: ConsentChoice): Promise<{ location: string; consentPage: string }> {
  let response = await browser.get(authorizeUrl);
  if (response.status === 302 && (response.headers.get('location') ?? '').startsWith('/login')) {
    const loginPage = await (await browser.get(response.headers.get('location') ?? '')).text();
    const hidden = hiddenFields(loginPage);
    response = await browser.post('/login', [...Object.entries(hidden), ['email', choice.email], ['password', choice.password]]);
    if (response.status !== 303) throw new Error(`sign-in answered ${String(response.status)}`);
    response = await browser.get(response.headers.get('location') ?? '');
  }
  if (response.status !== 200) return { location: response.headers.get('location') ?? `status ${String(response.status)}`, consentPage: '' };
  const consentPage = await response.text();
  const requested = [...consentPage.matchAll(/name="grant" value="([^"]+)"/g)].map((match) => match[1] ?? '');
  const grant = choice.grant ?? requested;
  const answer = await browser.post('/oauth/authorize', [
    ...Object.entries(hiddenFields(consentPage)),
    ...grant.map((scope): [string, string] => ['grant', scope]),
    ['decision', choice.decision ?? 'approve'],
  ]);
  return { location: answer.headers.get('location') ?? `status ${String(answer.status)}`, consentPage };
}
