import { uniqueName } from '@boardsync/kit/testing';

/**
 * auth's admin API (its internal listener), as an operator uses it: designers and personal tokens
 * for a test's own account. `origin` is asked at every call: a system learns its address when it starts.
 */
export class AdminApi {
  private readonly origin: () => string | Promise<string>;
  private token: string;

  constructor(origin: () => string | Promise<string>, token: string) {
    this.origin = origin;
    this.token = token;
  }

  /** A system that makes its admin token when it starts hands it over then. */
  useToken(token: string): void {
    this.token = token;
  }

  /** A designer of their own, so that each test has its own rate-limit budget and data. */
  async designer(): Promise<{ id: number; email: string; password: string }> {
    const email = `${uniqueName('d')}@example.com`;
    const password = 'correct horse battery';
    const created = (await this.call('POST', '/designers', { name: 'Ada Designer', email, password })) as { id: number };
    return { id: created.id, email, password };
  }

  /** A personal token of a new designer (or `designerId`'s) holding `scopes`, with the id the admin API revokes it by. */
  async issueToken(scopes: readonly string[], designerId?: number): Promise<{ id: number; token: string }> {
    const owner = designerId ?? (await this.designer()).id;
    return (await this.call('POST', '/tokens', { designer_id: owner, scopes: scopes.join(' ') })) as { id: number; token: string };
  }

  async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${await this.origin()}/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`admin ${method} ${path} answered ${String(response.status)}: ${await response.text()}`);
    return response.json();
  }
}
