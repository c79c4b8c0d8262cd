import { unwrap } from '@boardsync/client';
import type { Writer } from '../../harness/writer.ts';
import { sleep, underSteadyLoad, type FaultContext, type Outcome } from '../steady-load.ts';
import { infra, seconds } from './infra-control.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

interface Upload {
  status: number;
  retryAfter: string | null;
  key?: string;
}

async function upload(gateway: string, writer: Writer, name: string): Promise<Upload> {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), name);
  const response = await fetch(`${gateway}/api/v1/projects/${String(writer.project)}/assets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${writer.token}` },
    body: form,
  });
  const body = (await response.json()) as { key?: string };
  return { status: response.status, retryAfter: response.headers.get('retry-after'), ...(body.key ? { key: body.key } : {}) };
}

/**
 * MinIO stopped for `outageMs`: uploads answer 503 with a Retry-After meanwhile (a tool waits and
 * tries again), component writes go on, and once it is back nothing is orphaned: the project's
 * listing and the bucket's folder hold exactly the uploads that answered 201.
 */
export async function minioStop(context: FaultContext): Promise<Outcome> {
  const { cluster } = context;
  return underSteadyLoad(context, 'minio-stop', { writers: 2, size: 20, pauseMs: 100 }, async (writers) => {
    const tool = writers[0] as Writer;
    const stored: string[] = [];
    const problems: string[] = [];
    const first = await upload(cluster.gateway, tool, 'before.png');
    if (first.key) stored.push(first.key);
    else problems.push(`the upload before the outage answered ${String(first.status)}`);
    infra('stop', 'minio');
    const stoppedAt = Date.now();
    const during: Upload[] = [];
    while (Date.now() - stoppedAt < context.durations.outageMs) {
      const answer = await upload(cluster.gateway, tool, `during-${String(during.length)}.png`);
      during.push(answer);
      if (answer.key) stored.push(answer.key);
      await sleep(1_000);
    }
    const wrong = during.filter((answer) => answer.status !== 503 || answer.retryAfter === null);
    if (wrong.length > 0)
      problems.push(
        `uploads during the outage answered ${wrong.map((answer) => `${String(answer.status)} (Retry-After ${String(answer.retryAfter)})`).join(', ')}`,
      );
    infra('start', 'minio');
    const startedAt = Date.now();
    let after: Upload | undefined;
    while (Date.now() - startedAt < 60_000 && !after?.key) {
      after = await upload(cluster.gateway, tool, 'after.png');
      if (!after.key) await sleep(Math.max(1, Number(after.retryAfter ?? 1)) * 1_000);
    }
    if (after?.key) stored.push(after.key);
    else problems.push(`no upload succeeded within 60 s of MinIO's return (last: ${String(after?.status)})`);
    const listed = unwrap(await tool.client.api.GET('/api/v1/projects/{project}/assets', { params: { path: { project: tool.project } } })).data.map(
      (asset) => asset.key,
    );
    const objects = await cluster.objectKeys(`designers/${String(tool.designerId)}/`);
    const sorted = (keys: string[]): string => JSON.stringify([...keys].sort());
    if (sorted(listed) !== sorted(stored)) problems.push(`listed assets ${sorted(listed)} are not the uploads that answered 201 ${sorted(stored)}`);
    if (sorted(objects) !== sorted(stored)) problems.push(`objects in the bucket ${sorted(objects)} are not the uploads that answered 201 ${sorted(stored)}`);
    return {
      observed: [
        `${String(during.length)} uploads during the outage: ${[...new Set(during.map((answer) => `${String(answer.status)} Retry-After ${String(answer.retryAfter)}`))].join(', ')}`,
        after?.key ? `uploads succeed again ${seconds(Date.now() - startedAt)} after MinIO started` : 'uploads still failing',
      ],
      problems,
    };
  });
}
