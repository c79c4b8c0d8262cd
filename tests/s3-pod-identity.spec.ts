import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'minio';
import { createTestDatabase, eventually, uniqueName } from '@boardsync/kit/testing';
import { startServiceProcess, type ServiceProcess } from './support/service-process.ts';
import { freeListeners, standaloneEnv } from './support/standalone-env.ts';
import { startStsMinio, type StsMinio } from './support/sts-minio.ts';

const OBTAINED = 'S3 credentials from the pod identity obtained';

/** The asset service's JSON log lines that say it obtained credentials, with the expiry each carried. */
function obtained(service: ServiceProcess): { expiresAt: number }[] {
  return service
    .output()
    .split('\n')
    .filter((line) => line.includes(OBTAINED))
    .map((line) => ({ expiresAt: Date.parse((JSON.parse(line) as { expiresAt: string }).expiresAt) }));
}

describe('the asset service on S3 through its pod identity: a web identity token exchanged at STS, no keys', () => {
  let sts: StsMinio;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let tokens: string;
  const running: ServiceProcess[] = [];

  beforeAll(async () => {
    sts = await startStsMinio();
    database = await createTestDatabase('identity');
    tokens = await mkdtemp(join(tmpdir(), 'projected-token-'));
  }, 60_000);

  afterAll(async () => {
    for (const service of running) service.child.kill();
    await Promise.all(running.map((service) => service.exited));
    await sts.close();
    await database.drop();
    await rm(tokens, { recursive: true, force: true });
  });

  /** What a pod on IRSA (or another cluster's workload identity) has: the settings without S3 keys, and the token file's variables. */
  async function startWithIdentity(tokenFile: string, bucket: string): Promise<{ service: ServiceProcess; internalUrl: string }> {
    const listeners = await freeListeners();
    const env = standaloneEnv('asset', { namespace: uniqueName('identity'), bucket, databaseUrls: { asset: database.url }, listeners });
    delete env.S3_ACCESS_KEY;
    delete env.S3_SECRET_KEY;
    const service = startServiceProcess('asset', [], {
      ...env,
      S3_ENDPOINT: sts.endpoint,
      AWS_WEB_IDENTITY_TOKEN_FILE: tokenFile,
      AWS_ROLE_ARN: sts.roleArn,
      AWS_ENDPOINT_URL_STS: sts.endpoint,
      AWS_REGION: 'us-east-1',
    });
    running.push(service);
    return { service, internalUrl: `http://127.0.0.1:${String(listeners.asset.internalPort)}` };
  }

  async function objectsReadiness(internalUrl: string): Promise<string | undefined> {
    const response = await fetch(`${internalUrl}/readyz`).catch(() => undefined);
    if (response === undefined) return undefined;
    return ((await response.json()) as { checks?: Record<string, string> }).checks?.objects;
  }

  it('starts, creates its bucket, and renews its credentials from the rotated token before they expire', async () => {
    const tokenFile = join(tokens, 'token');
    const firstLifetimeMs = 20_000;
    const issuedAt = Date.now();
    await writeFile(tokenFile, await sts.token(firstLifetimeMs / 1000));
    const bucket = uniqueName('identity').toLowerCase().replace(/_/g, '-');
    const { service, internalUrl } = await startWithIdentity(tokenFile, bucket);

    await eventually(async () => ((await objectsReadiness(internalUrl)) === 'ok' ? true : undefined), 30_000, `readiness; output:\n${service.output()}`);
    const root = new Client({
      endPoint: '127.0.0.1',
      port: Number(new URL(sts.endpoint).port),
      useSSL: false,
      accessKey: sts.rootUser,
      secretKey: sts.rootPassword,
    });
    expect(await root.bucketExists(bucket)).toBe(true);
    // STS credentials for a token last as long as the token.
    expect(obtained(service)).toHaveLength(1);
    expect(Math.abs((obtained(service)[0]?.expiresAt ?? 0) - (issuedAt + firstLifetimeMs))).toBeLessThan(2_000);

    // The kubelet rotates the projected token; the next renewal reads the new one.
    await writeFile(tokenFile, await sts.token(600));
    await sleep(Math.max(0, issuedAt + firstLifetimeMs * 0.9 - Date.now()));
    expect(await objectsReadiness(internalUrl)).toBe('ok');
    expect(obtained(service)).toHaveLength(2);
    expect(obtained(service)[1]?.expiresAt).toBeGreaterThan(Date.now() + 500_000);

    // Past the first credentials' expiry, S3 still answers: they are no longer the ones used.
    await sleep(Math.max(0, issuedAt + firstLifetimeMs + 1_000 - Date.now()));
    expect(await objectsReadiness(internalUrl)).toBe('ok');
    expect(obtained(service)).toHaveLength(2);
    await root.removeBucket(bucket);
  }, 60_000);

  it('refuses to start, with exit 78 and one line, when the STS refuses the token', async () => {
    const tokenFile = join(tokens, 'forged');
    await writeFile(tokenFile, await sts.token(600, { forged: true }));
    const { service } = await startWithIdentity(tokenFile, uniqueName('forged').toLowerCase().replace(/_/g, '-'));
    expect(await service.exited).toBe(78);
    const lines = service
      .output()
      .split('\n')
      .filter((line) => line.includes('pod identity gave no S3 credentials'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/AWS_WEB_IDENTITY_TOKEN_FILE with AWS_ROLE_ARN.*: InvalidParameterValue: .*verification error$/);
    expect(service.output().trim()).toBe(lines[0]);
  }, 60_000);
});
