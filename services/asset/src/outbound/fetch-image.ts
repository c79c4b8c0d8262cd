import { OutboundFailed, OutboundRefused, type SafeHttpClient } from '@boardsync/kit/outbound';
import type { MediaKind } from '../domain/media-type.ts';
import { SNIFF_BYTES } from '../domain/media-type.ts';
import { FileTooLarge, spool, type SpooledFile } from '../spool/spool.ts';
import type { AssetMetrics } from '../media/asset-metrics.ts';
import type { Scratch } from '../spool/scratch.ts';
import { sniffedKind } from '../media/sniffed.ts';

export interface FetchedImage {
  file: SpooledFile;
  kind: MediaKind;
  /** The URL that answered, after redirects (its last segment names the asset). */
  finalUrl: string;
}

/** The remote side gave no file: why, in the words of the `url_fetch_failed` problem's `reason`. */
export type FetchFailedReason = 'timeout' | 'too_many_redirects' | 'connection' | 'http_status';

/** A URL that was allowed but gave no file; use-cases/adapter-answers.ts answers it 422 `url_fetch_failed`. */
export class FetchFailed extends Error {
  override readonly name = 'FetchFailed';
  readonly reason: FetchFailedReason;
  /** The status the remote server answered instead of the file (reason `http_status`). */
  readonly remoteStatus: number | undefined;

  constructor(reason: FetchFailedReason, detail: string, options: { remoteStatus?: number; cause?: unknown } = {}) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.reason = reason;
    this.remoteStatus = options.remoteStatus;
  }
}

/** The client's failure in this fetch's terms; a refused URL (OutboundRefused) as it is. */
function explain(error: unknown, maxBytes: number): unknown {
  if (!(error instanceof OutboundFailed)) return error;
  if (error.reason === 'too_large') return new FileTooLarge(maxBytes);
  if (error.reason === 'timeout') return new FetchFailed('timeout', 'The remote server did not send the file in time.', { cause: error });
  if (error.reason === 'too_many_redirects') return new FetchFailed('too_many_redirects', error.message, { cause: error });
  return new FetchFailed('connection', 'The remote server could not be reached or cut the transfer off.', { cause: error });
}

/** What a fetch runs on (the use cases' runtime has all of it). */
export interface FetchRuntime {
  fetcher: SafeHttpClient;
  scratch: Scratch;
  limits: { uploadMaxBytes: number; fetchTimeoutMs: number };
  metrics?: AssetMetrics | undefined;
}

/**
 * Fetches a public http(s) URL through the SSRF-safe client (every hop and the connected address
 * checked), spooling the body to disk with the upload size limit, bounded in time. What it throws
 * says why: OutboundRefused (blocked_address and the other URL refusals), FetchFailed (timeout,
 * connection, http_status, too_many_redirects), FileTooLarge.
 */
export async function fetchImage(runtime: FetchRuntime, url: string): Promise<FetchedImage> {
  const maxBytes = runtime.limits.uploadMaxBytes;
  const path = runtime.scratch.newPath();
  try {
    const response = await runtime.fetcher
      .stream(url, { maxBytes, timeoutMs: runtime.limits.fetchTimeoutMs, headers: { accept: 'image/*' } })
      .catch((error: unknown) => {
        // Whatever else the remote side makes the client throw is the remote's failure, never ours to retry forever.
        throw error instanceof OutboundRefused || error instanceof OutboundFailed
          ? error
          : new OutboundFailed('connection', 'The remote server could not be reached.', { cause: error });
      });
    if (response.status < 200 || response.status > 299) {
      response.body.destroy();
      throw new FetchFailed('http_status', `The remote server answered ${String(response.status)} instead of the file.`, { remoteStatus: response.status });
    }
    if (response.declaredLength !== undefined && response.declaredLength > maxBytes) {
      response.body.destroy();
      throw new FileTooLarge(maxBytes);
    }
    const file = await spool(response.body, path, maxBytes, SNIFF_BYTES);
    runtime.metrics?.received('url', file.size);
    return { file, kind: sniffedKind(file.head), finalUrl: response.url };
  } catch (error) {
    await runtime.scratch.remove(path);
    throw explain(error, maxBytes);
  }
}
