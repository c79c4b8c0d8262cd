/**
 * Read traffic through the gateway's edge, as many tools from many addresses make it: each request
 * on a new connection (`connection: close`), so kube-proxy spreads them over the gateway's pods, and
 * the gateway's own pool to each service over theirs. Every answer but a 2xx is a failed request.
 */
import { createBoardsyncClient, unwrap } from '@boardsync/client';
import { K8S } from '../../../scripts/k8s/kube.ts';
import { writerTarget } from './release.ts';

const READ_SCOPES = ['projects:read', 'projects:write', 'assets:read', 'components:read', 'webhooks:write'];

export class ReadTraffic {
  requests = 0;
  readonly failures: string[] = [];
  private stopping = false;
  private readonly loops: Promise<void>[] = [];

  private readonly token: string;
  private readonly paths: string[];

  private constructor(token: string, paths: string[]) {
    this.token = token;
    this.paths = paths;
  }

  /** One designer with a project; reads of every service's surface (auth, catalog, asset, webhook) in turn. */
  static async start(concurrency = 4): Promise<ReadTraffic> {
    const { token } = await writerTarget('reads').designerToken(READ_SCOPES);
    const client = createBoardsyncClient({ baseUrl: K8S.gatewayUrl, auth: token });
    const project = unwrap(await client.api.POST('/api/v1/projects', { body: { name: 'Read traffic' } })).data.id;
    const paths = ['/api/v1/me', `/api/v1/projects/${String(project)}`, `/api/v1/projects/${String(project)}/assets`, '/api/v1/webhooks'];
    const traffic = new ReadTraffic(token, paths);
    for (let index = 0; index < concurrency; index += 1) traffic.loops.push(traffic.loop(index));
    return traffic;
  }

  private async loop(offset: number): Promise<void> {
    for (let turn = offset; !this.stopping; turn += 1) {
      const path = this.paths[turn % this.paths.length] ?? '/api/v1/me';
      this.requests += 1;
      try {
        const response = await fetch(`${K8S.gatewayUrl}${path}`, {
          headers: { authorization: `Bearer ${this.token}`, connection: 'close' },
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        if (!response.ok) this.failures.push(`${path}: ${String(response.status)}`);
      } catch (error) {
        const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
        this.failures.push(`${path}: ${error instanceof Error ? error.message : String(error)}${cause} at ${new Date().toISOString().slice(11, 23)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async stop(): Promise<{ requests: number; failures: string[] }> {
    this.stopping = true;
    await Promise.all(this.loops);
    return { requests: this.requests, failures: this.failures };
  }
}
