import { AdminApi } from './admin-api.ts';

/**
 * A boardsync deployed elsewhere (the Kubernetes rehearsal, tests/k8s), met as RunningSystem meets
 * its processes: only through the gateway, plus the admin API on auth's internal listener for
 * designers and tokens, as an operator would. Its addresses come from the environment:
 * BOARDSYNC_GATEWAY_URL, BOARDSYNC_ADMIN_URL (auth's internal origin) and BOARDSYNC_ADMIN_TOKEN.
 */
export class DeployedSystem {
  readonly gateway = required('BOARDSYNC_GATEWAY_URL');
  private readonly adminApi = new AdminApi(() => required('BOARDSYNC_ADMIN_URL'), required('BOARDSYNC_ADMIN_TOKEN'));

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

  designer(): Promise<{ id: number; email: string; password: string }> {
    return this.adminApi.designer();
  }

  async personalToken(scopes: readonly string[], designerId?: number): Promise<string> {
    return (await this.adminApi.issueToken(scopes, designerId)).token;
  }

  issueToken(scopes: readonly string[], designerId?: number): Promise<{ id: number; token: string }> {
    return this.adminApi.issueToken(scopes, designerId);
  }

  admin(method: string, path: string, body?: unknown): Promise<unknown> {
    return this.adminApi.call(method, path, body);
  }
}

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set: DeployedSystem needs the deployment's addresses`);
  return value;
}
