import { enqueueEvents, eventMessage, isProblem, type ArtworkFailure, type ArtworkRef, type ArtworkRewrite, type Envelope, type Problem } from '@boardsync/kit';
import { hostOf, inSpanUnder, otelContext } from '@boardsync/kit/telemetry';
import { nameFromUrl, publicUrlOf, type AssetOwner } from '../domain/asset-key.ts';
import { findInternalizedCopy } from '../store/assets.ts';
import { isInternalizeDone, markInternalizeDone } from '../store/internalize-jobs.ts';
import type { AssetRuntime } from './asset-runtime.ts';
import { fetchImage } from '../outbound/fetch-image.ts';
import { answering } from './adapter-answers.ts';
import { storeImage } from './store-image.ts';

export interface InternalizeRequest {
  envelope: Envelope;
  projectId: number;
  artwork: readonly ArtworkRef[];
  storageLimitBytes: number;
}

type Outcome = { toUrl: string } | { reason: string };

/**
 * Copies each external image of an `asset.internalize.requested` into the project's folder
 * (each distinct URL once, against the designer's quota) and publishes `asset.internalize.completed`
 * through the outbox. One image's failure is recorded and the others go on. A redelivered request
 * copies nothing twice: finished requests are remembered, and each copy is found again by (request, URL).
 * Our own faults (database, object store, a full image pool) are thrown, so the message is retried.
 */
export async function internalizeArtwork(runtime: AssetRuntime, request: InternalizeRequest): Promise<void> {
  const { envelope, projectId } = request;
  const em = runtime.orm.em.fork();
  if (await isInternalizeDone(em, envelope.eventId)) return;
  const owner: AssetOwner = { designerId: envelope.designerId, projectId };
  const outcomes = new Map<string, Outcome>();
  for (const url of new Set(request.artwork.map((ref) => ref.url))) {
    // A span of the write's trace (the consumer's process span is active): the fetch itself carries no trace header (kit's ssrf/untraced.ts).
    const outcome = await inSpanUnder(otelContext.active(), 'internalize copy', { attributes: { 'server.address': hostOf(url) } }, async (span) => {
      const copied = await copyOnce(runtime, owner, url, request);
      if ('reason' in copied) span.setAttribute('boardsync.internalize.failure', copied.reason);
      return copied;
    });
    outcomes.set(url, outcome);
  }
  const rewritten: ArtworkRewrite[] = [];
  const failed: ArtworkFailure[] = [];
  for (const ref of request.artwork) {
    const outcome = outcomes.get(ref.url);
    if (outcome && 'toUrl' in outcome) rewritten.push({ componentId: ref.componentId, field: ref.field, fromUrl: ref.url, toUrl: outcome.toUrl });
    else failed.push({ componentId: ref.componentId, field: ref.field, url: ref.url, reason: outcome?.reason ?? 'unreachable' });
  }
  await em.transactional(async (tx) => {
    if (!(await markInternalizeDone(tx, envelope.eventId, projectId))) return;
    enqueueEvents(tx, [
      eventMessage(
        String(projectId),
        { $case: 'internalizeCompleted', value: { projectId, rewritten, failed } },
        { designerId: envelope.designerId, source: envelope.source, requestId: envelope.requestId },
      ),
    ]);
  });
  runtime.logger.info({ projectId, copied: rewritten.length, failed: failed.length }, 'internalized artwork');
}

async function copyOnce(runtime: AssetRuntime, owner: AssetOwner, url: string, request: InternalizeRequest): Promise<Outcome> {
  const earlier = await findInternalizedCopy(runtime.orm.em.fork(), request.envelope.eventId, url);
  if (earlier) return { toUrl: publicUrlOf(runtime.assetBaseUrl, earlier.key) };
  try {
    const fetched = await answering(() => fetchImage(runtime, url));
    try {
      const stored = await storeImage(
        runtime,
        { path: fetched.file.path, kind: fetched.kind, originalName: nameFromUrl(fetched.finalUrl) },
        { owner, limitBytes: request.storageLimitBytes, sourceUrl: url, internalizeEventId: request.envelope.eventId },
      );
      return { toUrl: stored.url };
    } finally {
      await runtime.scratch.remove(fetched.file.path);
    }
  } catch (error) {
    // A refusal about the image or its URL is the image's outcome; anything else is ours to retry.
    if (!isProblem(error) || error.status >= 500) throw error;
    runtime.logger.info({ url, reason: failureReasonOf(error), detail: error.message }, 'artwork not internalized');
    return { reason: failureReasonOf(error) };
  }
}

/** Why a URL gave no image, in the words of `ArtworkFailure.reason`: read off the answer a request would have had. */
function failureReasonOf(refusal: Problem): 'blocked_address' | 'too_large' | 'not_an_image' | 'unreachable' | 'quota' {
  if (refusal.code === 'storage_quota_exceeded') return 'quota';
  if (refusal.status === 413) return 'too_large';
  if (refusal.status === 415 || refusal.code === 'invalid_image' || refusal.code === 'image_too_large') return 'not_an_image';
  if (refusal.extensions.reason === 'blocked_address') return 'blocked_address';
  return 'unreachable';
}
