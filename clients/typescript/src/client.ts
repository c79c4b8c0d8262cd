import createClient, { type Client } from 'openapi-fetch';
import type { CallOptions } from './call-options.ts';
import { changesApi, type ChangesApi } from './changes.ts';
import { writeComponents, type ComponentType, type WriteComponentsInput, type WriteComponentsOptions, type WriteResult } from './component-batches.ts';
import { tokenSourceOf, type Credentials } from './credentials.ts';
import { unwrap } from './refusals.ts';
import type { paths } from './openapi.gen.ts';
import { listPages, type ListItem, type ListParams, type ListPath } from './pagination.ts';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.ts';
import { abortableSleep, createTransport, type Transport } from './transport.ts';
import { mirrorAsset, uploadAsset, type StoreOptions, type StoredAsset, type UploadFile } from './uploads.ts';

const DEFAULT_TIMEOUT_MS = 30_000;

export interface BoardsyncClientOptions {
  /** The gateway's address, e.g. `https://boardsync.example` (the API is under `/api/v1` there). */
  baseUrl: string;
  /** A personal token (`bsp_…`), or a token source such as `oauthSession(…)`. */
  auth: Credentials;
  /** How 429s, 502/503/504s and failed attempts are waited out and retried (`DEFAULT_RETRY_POLICY`). */
  retry?: Partial<RetryPolicy>;
  /** How long one attempt may take before it is abandoned, in milliseconds (default 30 000). Pass a `signal` to a call to end it sooner. */
  timeoutMs?: number;
  /** Another fetch (a proxy agent, instrumentation); global fetch by default. */
  fetch?: (request: Request) => Promise<Response>;
}

export interface BoardsyncClient {
  /** Every operation of the contract, typed: `api.GET('/api/v1/projects/{project}', { params: { path: { project } }, signal })`. */
  api: Client<paths>;
  /** Every row of a paginated list, following `links.next`: `for await (const c of client.list('/api/v1/projects/{project}/components', …))`. */
  list<Path extends ListPath>(path: Path, params: ListParams<Path>, options?: CallOptions): AsyncGenerator<ListItem<Path>, void, undefined>;
  /** Any number of component rows of one type, in batches of at most 500, with one result for all. */
  writeComponents<Type extends ComponentType>(project: number, input: WriteComponentsInput<Type>, options?: WriteComponentsOptions): Promise<WriteResult>;
  /** Upload an image's bytes into the project's storage. */
  uploadAsset(project: number, file: UploadFile, options?: StoreOptions): Promise<StoredAsset>;
  /** Have the service fetch a public image URL into the project's storage. */
  mirrorAsset(project: number, url: string, options?: StoreOptions): Promise<StoredAsset>;
  /** The changes feed: `head()`, `list()`, and `follow()` to stay in sync without a public URL. */
  changes: ChangesApi;
}

/** A long-poll waits up to 60 s and a stream lasts up to 60 s: requests held open get this long. */
const HELD_TIMEOUT_MS = 90_000;

export function createBoardsyncClient(options: BoardsyncClientOptions): BoardsyncClient {
  const baseUrl = new URL(options.baseUrl).href.replace(/\/+$/, '');
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const transportOptions = {
    origin: new URL(baseUrl).origin,
    tokens: tokenSourceOf(options.auth),
    retry,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    fetch: send,
    sleep: abortableSleep,
  };
  const transport: Transport = createTransport(transportOptions);
  const heldTransport = createTransport({ ...transportOptions, timeoutMs: Math.max(transportOptions.timeoutMs, HELD_TIMEOUT_MS) });
  const api = createClient<paths>({ baseUrl, fetch: transport });
  const context = { transport, baseUrl, ownSource: memo(() => ownSource(api)) };
  return {
    api,
    list: (path, params, callOptions) => listPages(transport, baseUrl, path, params, callOptions),
    writeComponents: (project, input, writeOptions) => writeComponents(context, project, input, writeOptions),
    uploadAsset: (project, file, storeOptions) => uploadAsset(context, project, file, storeOptions),
    mirrorAsset: (project, url, storeOptions) => mirrorAsset(context, project, url, storeOptions),
    changes: changesApi({ api, heldTransport, baseUrl, retry, sleep: abortableSleep }),
  };
}

/** The source tag this token's writes carry (docs/rules.md "Components": `source`), from `/me`. */
async function ownSource(api: Client<paths>): Promise<string> {
  return unwrap(await api.GET('/api/v1/me')).token.app;
}

function memo<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
}
