import { Problem } from '@boardsync/kit';
import { OutboundFailed, OutboundRefused, refusedUrlProblem, type SafeHttpClient } from '@boardsync/kit/outbound';
import type { MediaKind } from '../domain/media-type.ts';
import { SNIFF_BYTES } from '../domain/media-type.ts';
import { payloadTooLarge, spool, type SpooledFile } from '../spool/spool.ts';
import type { AssetMetrics } from '../media/asset-metrics.ts';
import type { Scratch } from '../spool/scratch.ts';
import { sniffedKind } from '../media/sniffed.ts';

export interface FetchedImage {
  file: SpooledFile;
  kind: MediaKind;
  /** The URL that answered, after redirects (its last segment names the asset). */
  finalUrl: string;
}

/** Why a URL gave no image, in the words of `ArtworkFailure.reason` and of the from-url problem's `reason`. */
export type FetchFailureReason = 'blocked_address' | 'too_large' | 'not_an_image' | 'unreachable';

function fetchFailed(reason: string, detail: string, extensions: Record<string, unknown> = {}): Problem {
  return new Problem({ status: 422, code: 'url_fetch_failed', detail, extensions: { reason, ...extensions } });
}

function explain(error: unknown, maxBytes: number): unknown {
  if (error instanceof OutboundRefused) return refusedUrlProblem(error, 'be fetched');
  if (error instanceof OutboundFailed) {
    if (error.reason === 'too_large') return payloadTooLarge(maxBytes);
    if (error.reason === 'timeout') return fetchFailed('timeout', 'The remote server did not send the file in time.');
    if (error.reason === 'too_many_redirects') return fetchFailed('too_many_redirects', error.message);
    return fetchFailed('connection', 'The remote server could not be reached or cut the transfer off.');
  }
  return error;
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
 * checked), spooling the body to disk with the upload size limit, bounded in time. The Problem
 * thrown says why: `reason` blocked_address (and other URL refusals), timeout, connection,
 * http_status; 413 too large; 415 not an image.
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
      throw fetchFailed('http_status', `The remote server answered ${String(response.status)} instead of the file.`, { remote_status: response.status });
    }
    if (response.declaredLength !== undefined && response.declaredLength > maxBytes) {
      response.body.destroy();
      throw payloadTooLarge(maxBytes);
    }
    const file = await spool(response.body, path, maxBytes, SNIFF_BYTES);
    runtime.metrics?.received('url', file.size);
    return { file, kind: sniffedKind(file.head), finalUrl: response.url };
  } catch (error) {
    await runtime.scratch.remove(path);
    throw explain(error, maxBytes);
  }
}

/** The internalize failure reason for what `fetchImage` or storing threw. */
export function failureReasonOf(error: unknown): FetchFailureReason | 'quota' {
  if (error instanceof Problem) {
    if (error.code === 'storage_quota_exceeded') return 'quota';
    if (error.status === 413) return 'too_large';
    if (error.status === 415 || error.code === 'invalid_image' || error.code === 'image_too_large') return 'not_an_image';
    if (error.extensions.reason === 'blocked_address') return 'blocked_address';
  }
  return 'unreachable';
}
