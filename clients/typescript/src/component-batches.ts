import { BoardsyncError, branded } from './errors.ts';
import { refusal } from './refusals.ts';
import type { components, paths } from './openapi.gen.ts';
import { listPages } from './pagination.ts';
import { withSignal, type CallOptions } from './call-options.ts';
import type { Transport } from './transport.ts';

export type WriteResult = components['schemas']['WriteResult'];
type BatchBody = paths['/api/v1/projects/{project}/components/batch']['post']['requestBody']['content']['application/json'];
export type ComponentType = BatchBody['type'];
/** One component write row of a type: the fields it honours (docs/rules.md "Fields honoured per type"; others are ignored by the service). */
export type ComponentRow<Type extends ComponentType = ComponentType> = Extract<BatchBody, { type: Type }>['components'][number];

/** docs/rules.md "Limits": at most 500 rows, one type, per call. */
export const MAX_BATCH_ROWS = 500;

/** Rows of one type: `type` selects the fields each row may carry. */
export type WriteComponentsInput<Type extends ComponentType = ComponentType> = {
  [Written in Type]: {
    type: Written;
    components: readonly ComponentRow<Written>[];
    match_by_name?: boolean;
    /** Delete this app's components of `type` that `components` does not name, across every batch. */
    remove_missing?: boolean;
    internalize_images?: boolean;
  };
}[Type];

export interface WriteComponentsOptions extends CallOptions {
  /** Rows per call (default and maximum 500). */
  batchSize?: number;
  /** Called after each call, with the rows written so far. */
  onProgress?: (progress: { written: number; total: number }) => void;
}

const batchWriteError = branded('BatchWriteError');

/** Rows beyond one batch, refused part-way: the batches before are written (`applied`), this one and those after are not. */
export class BatchWriteError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return batchWriteError.hasInstance(value);
  }

  readonly applied: WriteResult;
  /** The index, in the whole input, of the refused batch's first row (its errors' field paths count from there). */
  readonly firstRow: number;
  override readonly cause: BoardsyncError;

  constructor(applied: WriteResult, firstRow: number, cause: BoardsyncError) {
    super(`rows from ${String(firstRow)} were refused (${cause.message}); the ${String(firstRow)} rows before them are written`);
    this.name = 'BatchWriteError';
    this.applied = applied;
    this.firstRow = firstRow;
    this.cause = cause;
    batchWriteError.mark(this);
  }
}

interface BatchContext {
  transport: Transport;
  baseUrl: string;
  /** The source tag this client's writes carry (`/me` `token.app`), for `remove_missing` across batches. */
  ownSource: () => Promise<string>;
}

/**
 * Any number of rows, written in batches of at most 500, one result for all. Up to one batch,
 * `remove_missing` goes to the API as it is (one transaction, one event). Beyond, no single call
 * names every row, so the client removes the missing itself after the last batch: each of this
 * app's components of the type that no batch wrote is deleted by its `unique_id`.
 */
export async function writeComponents<Type extends ComponentType>(
  context: BatchContext,
  project: number,
  input: WriteComponentsInput<Type>,
  options: WriteComponentsOptions = {},
): Promise<WriteResult> {
  const size = Math.min(options.batchSize ?? MAX_BATCH_ROWS, MAX_BATCH_ROWS);
  if (!Number.isInteger(size) || size < 1) throw new RangeError('batchSize must be a whole number from 1 to 500');
  const { components: rows, remove_missing: removeMissing = false, ...flags } = input;
  const inOneCall = rows.length <= size;
  // An empty list is still one call: with remove_missing it removes every row this app wrote.
  const starts = rows.length === 0 ? [0] : Array.from({ length: Math.ceil(rows.length / size) }, (_, batch) => batch * size);
  let total = emptyResult();
  for (const start of starts) {
    const batch = rows.slice(start, start + size);
    const body = { ...flags, components: batch, ...(inOneCall ? { remove_missing: removeMissing } : {}) };
    const request = new Request(`${context.baseUrl}/api/v1/projects/${String(project)}/components/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      ...withSignal(options),
    });
    const response = await context.transport(request);
    if (!response.ok) {
      const refused = await refusal(response);
      throw inOneCall ? refused : new BatchWriteError(total, start, refused);
    }
    total = merged(total, (await response.json()) as WriteResult, start);
    options.onProgress?.({ written: Math.min(start + size, rows.length), total: rows.length });
  }
  if (removeMissing && !inOneCall) total = { ...total, deleted: total.deleted + (await removeUnwritten(context, project, input.type, total, options)) };
  return total;
}

async function removeUnwritten(context: BatchContext, project: number, type: ComponentType, written: WriteResult, options: CallOptions): Promise<number> {
  const source = await context.ownSource();
  const kept = new Set(written.components.map((component) => component.id));
  const doomed: string[] = [];
  const rows = listPages(
    context.transport,
    context.baseUrl,
    '/api/v1/projects/{project}/components',
    { path: { project }, query: { type, per_page: 200 } },
    options,
  );
  for await (const row of rows) if (row.source === source && !kept.has(row.id)) doomed.push(row.unique_id);
  // Checked before deleting any, so that nothing is half done: such a key is no path segment.
  const unaddressable = doomed.filter((uniqueId) => /[/\\]/.test(uniqueId) || uniqueId === '.' || uniqueId === '..');
  if (unaddressable.length > 0) {
    throw new Error(
      `remove_missing over more than one batch deletes by unique_id, and ${unaddressable.map((id) => JSON.stringify(id)).join(', ')} cannot be one path segment; ` +
        'delete them with DELETE components?type= or send every row in one batch',
    );
  }
  for (const uniqueId of doomed) {
    const response = await context.transport(
      new Request(`${context.baseUrl}/api/v1/projects/${String(project)}/components/${encodeURIComponent(uniqueId)}`, {
        method: 'DELETE',
        ...withSignal(options),
      }),
    );
    // Gone already (another run removed it) is what was wanted.
    if (!response.ok && response.status !== 404) throw await refusal(response);
    await response.body?.cancel();
  }
  return doomed.length;
}

function emptyResult(): WriteResult {
  return { created: 0, updated: 0, deleted: 0, errors: [], kept_artwork: [], components: [], internalizing: false };
}

function merged(total: WriteResult, batch: WriteResult, firstRow: number): WriteResult {
  return {
    created: total.created + batch.created,
    updated: total.updated + batch.updated,
    deleted: total.deleted + batch.deleted,
    errors: [...total.errors, ...batch.errors.map((error) => ({ ...error, index: error.index + firstRow }))],
    kept_artwork: [...total.kept_artwork, ...batch.kept_artwork],
    components: [...total.components, ...batch.components],
    internalizing: total.internalizing || batch.internalizing,
  };
}
