import type { EntityManager } from '@mikro-orm/sql';
import type { Envelope } from '@boardsync/kit';
import { appOfSource, type ChangeEntry } from '../domain/change.ts';
import { appendChanges, claimEvent } from '../store/change-log.ts';

/**
 * `asset.changed` into the designer's changes feed: the asset service's stores and deletes, each
 * with the asset as its listing showed it. Once per event: a redelivery records nothing.
 */
export async function recordAssetChanges(em: EntityManager, envelope: Envelope): Promise<void> {
  if (envelope.event?.$case !== 'assetsChanged') return;
  const { projectId, changes } = envelope.event.value;
  const entries: ChangeEntry[] = changes.flatMap((change) =>
    change.action === 'created' || change.action === 'deleted'
      ? [
          {
            projectId,
            resource: 'asset' as const,
            action: change.action,
            id: change.assetId,
            snapshot: change.action === 'created' ? (JSON.parse(change.assetJson) as unknown) : null,
          },
        ]
      : [],
  );
  await em.transactional(async (tx) => {
    if (!(await claimEvent(tx, envelope.eventId))) return;
    await appendChanges(tx, envelope.designerId, appOfSource(envelope.source), entries);
  });
}
