import { uniqueName } from '@boardsync/kit/testing';

/**
 * A boardsync deployed elsewhere (the Kubernetes rehearsal, tests/k8s), met as RunningSystem meets
 * its processes: only through the gateway, plus the admin API on auth's internal listener for
 * designers and tokens, as an operator would. Its addresses come from the environment:
 * BOARDSYNC_GATEWAY_URL, BOARDSYNC_ADMIN_URL (auth's internal origin) and BOARDSYNC_ADMIN_TOKEN.
 */
export class DeployedSystem {
  readonly gateway = required('BOARDSYNC_GATEWAY_URL');
  private readonly adminUrl = required('BOARDSYNC_ADMIN_URL');
  private readonly adminToken = required('BOARDSYNC_ADMIN_TOKEN');

  static configured(): boolean {
    return process.env.BOARDSYNC_GATEWAY_URL !== undefined;
  }

  /** Already running: only checks that the gateway answers ready. */
  async start(): Promise<void> {
    const response = await fetch(`${this.gateway}/readyz`);
    if (!response.ok) throw new Error(`the deployed gateway ${this.gateway} is not ready (${String(response.status)})`);
  }

  /** Deployed systems outlive a test: nothing to stop. */
  async stop(): Promise<void> {}

  async designer(): Promise<{ id: number; email: string; password: string }> {
    const email = `${uniqueName('d')}@example.com`;
    const password = 'correct horse battery';
    const created = (await this.admin('POST', '/designers', { name: 'Ada Designer', email, password })) as { id: number };
    return { id: created.id, email, password };
  }

  async personalToken(scopes: readonly string[], designerId?: number): Promise<string> {
    return (await this.issueToken(scopes, designerId)).token;
  }

  async issueToken(scopes: readonly string[], designerId?: number): Promise<{ id: number; token: string }> {
    const owner = designerId ?? (await this.designer()).id;
    return (await this.admin('POST', '/tokens', { designer_id: owner, scopes: scopes.join(' ') })) as { id: number; token: string };
  }

  async admin(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.adminUrl}/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${this.adminToken}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`admin ${method} ${path} answered ${String(response.status)}: ${await response.text()}`);
    return response.json();
  }
}

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set: DeployedSystem needs the deployment's addresses`);
  return value;
}
