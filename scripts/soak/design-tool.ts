import { createBoardsyncClient, unwrap, type BoardsyncClient } from '@boardsync/client';
import type { ClusterUnderTest } from '../harness/cluster-under-test.ts';
import { LoopbackReceiver } from '../harness/receiver.ts';

const SCOPES = ['projects:read', 'projects:write', 'components:read', 'components:write', 'webhooks:write'];
const CARDS = 200;
const BATCH = 10;

export type OperationKind = 'read page' | 'read project' | 'write batch';

/** One request's outcome: its kind, status (0: no answer) and time from when it was due. */
export interface Completed {
  kind: OperationKind;
  status: number;
  latencyMs: number;
}

/**
 * A design tool's traffic on one project: mostly reads (a page of cards, the project), some
 * writes (10 of its 200 cards edited, each with a new revision, so every write changes something
 * and is announced once), and a webhook receiver taking the announcements.
 */
export class DesignTool {
  readonly receiver = new LoopbackReceiver();
  /** Writes answered 2xx: each must arrive as one `components.changed`. */
  writes = 0;
  private client!: BoardsyncClient;
  private project = 0;
  private revision = 0;

  static async create(cluster: ClusterUnderTest, label: string): Promise<DesignTool> {
    const tool = new DesignTool();
    const { token } = await cluster.designerToken(SCOPES);
    tool.client = createBoardsyncClient({ baseUrl: cluster.gateway, auth: token, retry: { maxRetries: 0 } });
    tool.project = unwrap(await tool.client.api.POST('/api/v1/projects', { body: { name: label } })).data.id;
    await tool.receiver.up();
    const webhook = unwrap(await tool.client.api.POST('/api/v1/webhooks', { body: { url: tool.receiver.url, events: ['components.changed'] } }));
    tool.receiver.verifyWith(webhook.secret);
    await tool.client.writeComponents(tool.project, { type: 'card', components: Array.from({ length: CARDS }, (_, index) => card(index, 0)) });
    tool.writes += 1;
    return tool;
  }

  /** 70 % reads, 30 % writes. */
  async next(dueAt: number): Promise<Completed> {
    const draw = Math.random();
    const kind: OperationKind = draw < 0.5 ? 'read page' : draw < 0.7 ? 'read project' : 'write batch';
    const status = await this.run(kind).catch(() => 0);
    if (kind === 'write batch' && status >= 200 && status < 300) this.writes += 1;
    return { kind, status, latencyMs: Date.now() - dueAt };
  }

  announced(): number {
    return this.receiver.unique().filter((arrival) => arrival.event === 'components.changed').length;
  }

  async close(): Promise<void> {
    await this.receiver.down();
  }

  private async run(kind: OperationKind): Promise<number> {
    const project = { project: this.project };
    if (kind === 'read page') {
      const offset = Math.floor(Math.random() * 4) * 50;
      const { response } = await this.client.api.GET('/api/v1/projects/{project}/components', {
        params: { path: project, query: { type: 'card', per_page: 50, ...(offset > 0 ? { name: `Card ${String(offset).padStart(3, '0')}` } : {}) } },
      });
      return response.status;
    }
    if (kind === 'read project') return (await this.client.api.GET('/api/v1/projects/{project}', { params: { path: project } })).response.status;
    this.revision += 1;
    const first = Math.floor(Math.random() * (CARDS - BATCH));
    const rows = Array.from({ length: BATCH }, (_, index) => card(first + index, this.revision));
    const { response } = await this.client.api.POST('/api/v1/projects/{project}/components/batch', {
      params: { path: project },
      body: { type: 'card', components: rows },
    });
    return response.status;
  }
}

function card(index: number, revision: number): { unique_id: string; name: string; description: string } {
  return { unique_id: `c${String(index)}`, name: `Card ${String(index).padStart(3, '0')}`, description: `revision ${String(revision)}` };
}
