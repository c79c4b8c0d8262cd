import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  INTERNAL_PRINCIPAL_HEADER,
  InProcessBus,
  KafkaBus,
  issuePrincipalToken,
  parseConfig,
  type EventBus,
  type RunningDatabaseService,
  type ServiceAdapters,
} from '@boardsync/kit';
import { createTestDatabase, infra, testLogger, uniqueName } from '@boardsync/kit/testing';
import { catalogSettingsSchema, startCatalog } from '@boardsync/catalog';
import { assetSettingsSchema, type AssetSettings } from '../../src/config.ts';
import { startAsset } from '../../src/service.ts';
import { DirectoryObjectStore } from '../../src/object-storage/directory-object-store.ts';
import type { ObjectStore } from '../../src/object-storage/object-store.ts';
import { S3ObjectStore } from '../../src/object-storage/s3-object-store.ts';
import { allowPublicReads, removeTestBucket } from './test-buckets.ts';

const ADMIN_TOKEN = 'admin-'.padEnd(40, 'a');
const PRINCIPAL_SECRET = 'principal-'.padEnd(40, 'p');
export const PUBLIC_BASE_URL = 'https://api.boardsync.test';
/** Where the test image server listens: allowed through SSRF_ALLOW_CIDRS as if it were public; 127.0.0.1 stays refused. */
export const FAKE_PUBLIC_HOST = '127.0.0.2';

/**
 * Where the services keep their data: real Postgres, Kafka and MinIO, or the embedded mode's
 * adapters (PGlite in memory, the in-process bus, a directory). The same suites run on both.
 */
export type Backend = 'postgres+kafka+minio' | 'pglite+in-process+directory';

export interface Caller {
  designerId: number;
  source?: string;
  scopes?: string[];
  storageLimitBytes?: number;
}

/**
 * The asset service and the catalog it asks about projects, started as `npm start` or a
 * deployment starts them (their start functions), on one bus; called as the gateway would.
 */
export class AssetWorld {
  readonly backend: Backend;
  asset!: RunningDatabaseService;
  catalog!: RunningDatabaseService;
  objects!: ObjectStore;
  /** The asset service's public base, for byte-for-byte fetches of an asset's URL. */
  assetBaseUrl = '';
  /** Where the asset service spools uploads and conversions (its SCRATCH_DIR): this world's own. */
  scratchRoot = '';
  private bus!: EventBus;
  private cleanups: (() => Promise<void>)[] = [];
  private nextDesigner = 1;
  private readonly overrides: Partial<Record<keyof AssetSettings, string>>;

  constructor(backend: Backend, overrides: Partial<Record<keyof AssetSettings, string>> = {}) {
    this.backend = backend;
    this.overrides = overrides;
  }

  async start(): Promise<void> {
    const logger = testLogger('asset-world');
    let catalogAdapters: ServiceAdapters;
    let assetAdapters: ServiceAdapters;
    if (this.backend === 'postgres+kafka+minio') {
      const [catalogDb, assetDb] = await Promise.all([createTestDatabase('catalog'), createTestDatabase('asset')]);
      this.cleanups.push(
        () => catalogDb.drop(),
        () => assetDb.drop(),
      );
      this.bus = new KafkaBus({ brokers: infra.kafkaBrokers, clientId: 'asset-world', logger, namespace: uniqueName('ast') });
      catalogAdapters = { database: { kind: 'postgres', url: catalogDb.url, poolMax: 4 }, bus: this.bus, ownsBus: false };
      assetAdapters = { database: { kind: 'postgres', url: assetDb.url, poolMax: 6 }, bus: this.bus, ownsBus: false };
      const bucket = uniqueName('assets').toLowerCase().replace(/_/g, '-');
      this.objects = new S3ObjectStore({ endpoint: infra.s3Endpoint, accessKey: infra.s3AccessKey, secretKey: infra.s3SecretKey, bucket });
      this.assetBaseUrl = `${infra.s3Endpoint}/${bucket}`;
      this.cleanups.push(() => removeTestBucket(bucket));
    } else {
      const files = await mkdtemp(join(tmpdir(), 'asset-files-'));
      this.cleanups.push(() => rm(files, { recursive: true, force: true }));
      this.bus = new InProcessBus({ logger });
      catalogAdapters = { database: { kind: 'pglite', dataDir: '' }, bus: this.bus, ownsBus: false };
      assetAdapters = { database: { kind: 'pglite', dataDir: '' }, bus: this.bus, ownsBus: false };
      this.objects = new DirectoryObjectStore({ root: files });
      this.assetBaseUrl = `${PUBLIC_BASE_URL}/assets`;
    }
    this.scratchRoot = await mkdtemp(join(tmpdir(), 'asset-scratch-'));
    const scratchRoot = this.scratchRoot;
    this.cleanups.push(() => rm(scratchRoot, { recursive: true, force: true }));
    const shared = { INTERNAL_JWT_SECRET: PRINCIPAL_SECRET, ADMIN_TOKEN, PORT: '0', INTERNAL_PORT: '0', LOG_LEVEL: 'silent', PUBLIC_BASE_URL };
    this.catalog = await startCatalog(
      parseConfig(catalogSettingsSchema, { ...shared, ASSET_PUBLIC_URL: this.assetBaseUrl }),
      testLogger('catalog'),
      catalogAdapters,
    );
    await this.objects.prepare();
    if (this.backend === 'postgres+kafka+minio') await allowPublicReads(new URL(this.assetBaseUrl).pathname.slice(1));
    this.asset = await startAsset(
      parseConfig(assetSettingsSchema, {
        ...shared,
        ASSET_PUBLIC_URL: this.assetBaseUrl,
        CATALOG_INTERNAL_URL: this.catalog.internalUrl,
        SSRF_ALLOW_CIDRS: `${FAKE_PUBLIC_HOST}/32`,
        SCRATCH_DIR: this.scratchRoot,
        ...this.overrides,
      }),
      testLogger('asset'),
      { ...assetAdapters, objects: this.objects },
    );
  }

  async stop(): Promise<void> {
    for (const part of [...this.asset.parts, ...this.catalog.parts]) await part.close();
    await this.bus.close();
    for (const cleanup of this.cleanups.reverse()) await cleanup();
  }

  /** Files left in the asset service's scratch directory (none once every request has finished). */
  async scratchFiles(): Promise<string[]> {
    const entries = await readdir(this.scratchRoot, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  }

  /** A fresh designer id (auth owns designers; neither service keeps a table of them). */
  designer(): number {
    return this.nextDesigner++ * 1000 + Math.floor(Math.random() * 1000);
  }

  async principal(caller: Caller): Promise<string> {
    return issuePrincipalToken(
      {
        designerId: caller.designerId,
        source: caller.source ?? 'api:personal',
        scopes: caller.scopes ?? ['projects:read', 'projects:write', 'assets:read', 'assets:write', 'components:read', 'components:write'],
        plan: { storageLimitBytes: caller.storageLimitBytes ?? 200 * 1024 * 1024, unlockedProjectLimit: null },
        requestId: 'test',
      },
      PRINCIPAL_SECRET,
    );
  }

  /** A call to the asset service's public listener, as the gateway makes it. `body` JSON unless FormData. */
  async call(caller: Caller, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return this.callOn(this.asset.url, caller, method, path, body, headers);
  }

  async callCatalog(caller: Caller, method: string, path: string, body?: unknown): Promise<Response> {
    return this.callOn(this.catalog.url, caller, method, path, body);
  }

  async callInternal(caller: Caller, path: string): Promise<Response> {
    return this.callOn(this.asset.internalUrl, caller, 'GET', path);
  }

  async project(caller: Caller, name = 'Art test'): Promise<number> {
    const response = await this.callCatalog(caller, 'POST', '/api/v1/projects', { name });
    if (response.status !== 201) throw new Error(`project create answered ${String(response.status)}: ${await response.text()}`);
    return ((await response.json()) as { data: { id: number } }).data.id;
  }

  async lock(projectId: number, locked = true): Promise<void> {
    const response = await fetch(`${this.catalog.internalUrl}/admin/projects/${String(projectId)}/${locked ? 'lock' : 'unlock'}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    if (response.status !== 200) throw new Error(`lock answered ${String(response.status)}`);
  }

  /** The bytes at an asset's public URL: from MinIO's public endpoint, or the directory the gateway serves. */
  async publicBytes(url: string): Promise<{ status: number; contentType: string | null; contentDisposition?: string | null; body: Buffer }> {
    if (this.backend === 'postgres+kafka+minio') {
      const response = await fetch(url);
      const { headers } = response;
      return {
        status: response.status,
        contentType: headers.get('content-type'),
        contentDisposition: headers.get('content-disposition'),
        body: Buffer.from(await response.arrayBuffer()),
      };
    }
    const key = url.slice(`${this.assetBaseUrl}/`.length);
    const stored = await this.objects.get(key);
    if (!stored) return { status: 404, contentType: null, body: Buffer.alloc(0) };
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    return { status: 200, contentType: stored.contentType, body: Buffer.concat(chunks) };
  }

  private async callOn(base: string, caller: Caller, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const isForm = body instanceof FormData;
    return fetch(`${base}${path}`, {
      method,
      headers: {
        [INTERNAL_PRINCIPAL_HEADER]: await this.principal(caller),
        ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: isForm ? body : JSON.stringify(body) }),
    });
  }
}
