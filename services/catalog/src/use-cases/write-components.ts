import type { EntityManager } from '@mikro-orm/sql';
import { Problem, enqueueEvents, type FieldErrors, type Principal, type Remember } from '@boardsync/kit';
import { artworkOf } from '../domain/artwork.ts';
import { namesCustomMask, parseComponentRow, type ComponentRow } from '../domain/component-input.ts';
import { groupKindOf, type CreatableType } from '../domain/component-types.ts';
import type { GroupKind } from '../domain/group-rules.ts';
import { planGroupNames, type GroupNamesEntry, type GroupNamesPlan } from '../domain/group-names.ts';
import { matchRows } from '../domain/write-matching.ts';
import { componentsChanged, internalizeRequested } from '../domain/catalog-events.ts';
import { matchCandidates, touchComponents, upsertRows } from '../store/component-upsert.ts';
import { deleteOwnRowsBeyond } from '../store/components.ts';
import { customMasks } from '../store/custom-masks.ts';
import { addMembers, endPositions, memberMasks, membershipsOfKind, removeMemberships } from '../store/group-members.ts';
import { ensureGroups } from '../store/groups.ts';
import type { ComponentGroup } from '../store/entities/component-group.ts';
import type { StoredComponent } from '../store/stored-component.ts';
import { lockWritableProject } from './project-access.ts';
import { recordChanges, type PendingChange } from './record-changes.ts';

export interface ComponentWrite {
  type: CreatableType;
  rows: readonly unknown[];
  /** A single-row write names its errors `component.{field}`; a batch `components.{index}.{field}`. */
  single: boolean;
  matchByName: boolean;
  removeMissing: boolean;
  internalizeImages: boolean;
}

/** A per-row problem of a write that still succeeded (a card refused by a deck of another mask). */
export interface RowProblem {
  index: number;
  component: StoredComponent;
  code: 'mixed_group';
  message: string;
}

export interface WriteOutcome {
  /** Every row's component in row order: created, or matched (changed or not). */
  written: { component: StoredComponent; created: boolean }[];
  deleted: number;
  problems: RowProblem[];
  /** Names of matched components sent without artwork that kept theirs. */
  keptArtwork: string[];
  /** Whether an `asset.internalize.requested` was recorded. */
  internalizing: boolean;
}

export interface WriteSettings {
  /** Artwork already under this URL is the designer's own storage and is never copied again. */
  storedArtworkBaseUrl: string | undefined;
}

/** Where a row's field errors are reported: `component` for a single write, `components.{index}` in a batch. */
const rowPath = (write: ComponentWrite, index: number): string => (write.single ? 'component' : `components.${String(index)}`);

function validated(write: ComponentWrite, masks: Awaited<ReturnType<typeof customMasks>>): ComponentRow[] {
  const errors: FieldErrors = {};
  const rows: ComponentRow[] = [];
  write.rows.forEach((raw, index) => {
    const parsed = parseComponentRow(raw, index, { type: write.type, customMasks: masks, path: rowPath(write, index) });
    if ('errors' in parsed) Object.assign(errors, parsed.errors);
    else rows.push(parsed.row);
  });
  if (Object.keys(errors).length > 0) throw rowsRefused(errors, write.single);
  return rows;
}

function rowsRefused(errors: FieldErrors, single: boolean): Problem {
  if (single) return Problem.validation(errors, 'The component failed validation; nothing was written.');
  const rows = [...new Set(Object.keys(errors).map((key) => Number(key.split('.')[1])))].sort((a, b) => a - b);
  const named = rows.length === 1 ? `Row ${String(rows[0])}` : `Rows ${rows.slice(0, 10).join(', ')}${rows.length > 10 ? ', …' : ''}`;
  return Problem.validation(errors, `${named} failed validation; nothing was written.`);
}

/**
 * `deck_names` / `stack_names` (docs/rules.md "Component writes") in the write's transaction: creates the missing groups named, then changes
 * the rows' memberships as `planGroupNames` decides. Returns the ids of components whose membership
 * changed, and the refusals.
 */
async function setGroupNames(
  tx: EntityManager,
  projectId: number,
  kind: GroupKind,
  entries: readonly GroupNamesEntry<StoredComponent>[],
): Promise<Pick<GroupNamesPlan<StoredComponent>, 'changed' | 'refused'> & { createdGroups: ComponentGroup[] }> {
  if (entries.length === 0) return { changed: new Set(), refused: [], createdGroups: [] };
  const ensured = await ensureGroups(
    tx,
    projectId,
    kind,
    entries.flatMap((entry) => entry.names),
  );
  const current = await membershipsOfKind(
    tx,
    projectId,
    kind,
    entries.map((entry) => entry.component.id),
  );
  const memberships = Map.groupBy(current, (membership) => membership.componentId);
  const groups = new Map([...ensured].map(([nameKey, { group }]) => [nameKey, group]));
  const groupIds = [...groups.values()].map((group) => group.id);
  const masks = await memberMasks(tx, groupIds);
  const positions = await endPositions(tx, groupIds);
  const plan = planGroupNames(kind, entries, { groups, memberships, masks, endPositions: positions });
  await removeMemberships(tx, plan.removed);
  await addMembers(tx, plan.added);
  const createdGroups = [...ensured.values()].filter((entry) => entry.created).map((entry) => entry.group);
  return { changed: plan.changed, refused: plan.refused, createdGroups };
}

/**
 * Component writes, single and batch (docs/rules.md "Component writes"): validate every row first, then in one transaction
 * match, create or update, set deck/stack membership, remove what `remove_missing` asks, request
 * artwork copies, and record one `components.changed` event if anything changed.
 */
export async function writeComponents(
  em: EntityManager,
  principal: Principal,
  projectId: number,
  write: ComponentWrite,
  settings: WriteSettings,
  remember?: Remember<WriteOutcome>,
): Promise<WriteOutcome> {
  // Only a row naming a mask beyond the library's needs the designer's custom masks read.
  const rows = validated(write, namesCustomMask(write.type, write.rows) ? await customMasks(em, principal.designerId) : []);

  return em.transactional(async (tx) => {
    const project = await lockWritableProject(tx, principal.designerId, projectId);
    const names = [...new Set(rows.map((row) => row.values.name).filter((name) => typeof name === 'string'))];
    const uniqueIds = rows.map((row) => row.uniqueId).filter((id) => id !== undefined);
    const candidates = await matchCandidates(tx, project.id, { type: write.type, uniqueIds, names });
    const matching = matchRows(rows, candidates, { type: write.type, matchByName: write.matchByName, path: (index) => rowPath(write, index) });
    if ('errors' in matching) throw rowsRefused(matching.errors, write.single);

    const now = new Date();
    const { written, changed, keptArtwork } = await upsertRows(
      tx,
      { projectId: project.id, type: write.type, source: principal.source, now },
      matching.matched,
    );

    const problems: RowProblem[] = [];
    const createdGroups: ComponentGroup[] = [];
    const kind = groupKindOf(write.type);
    if (kind) {
      const entries: GroupNamesEntry<StoredComponent>[] = written.flatMap(({ component, row }) =>
        row.groupNames ? [{ index: row.index, component, names: row.groupNames }] : [],
      );
      const membership = await setGroupNames(tx, project.id, kind, entries);
      const touched = written.filter((entry) => !entry.created && membership.changed.has(entry.component.id) && !changed.has(entry.component));
      await touchComponents(
        tx,
        touched.map(({ component }) => component.id),
        now,
      );
      for (const { component } of touched) changed.add(component);
      createdGroups.push(...membership.createdGroups);
      for (const refusal of membership.refused) {
        problems.push({ index: refusal.index, component: refusal.component, code: 'mixed_group', message: refusal.message });
      }
    }

    const removed = write.removeMissing
      ? await deleteOwnRowsBeyond(
          tx,
          { projectId: project.id, type: write.type, source: principal.source },
          written.map(({ component }) => component.id),
        )
      : [];
    const deleted = removed.length;

    let internalizing = false;
    if (write.internalizeImages) {
      const base = settings.storedArtworkBaseUrl;
      const artwork = written.flatMap(({ component }) => artworkOf(component)).filter((location) => base === undefined || !location.url.startsWith(base));
      if (artwork.length > 0) {
        enqueueEvents(tx, [internalizeRequested(project.id, artwork, principal.plan.storageLimitBytes, principal)]);
        internalizing = true;
      }
    }

    const created = written.filter((entry) => entry.created).map(({ component }) => component);
    const edited = written.filter((entry) => !entry.created && changed.has(entry.component)).map(({ component }) => component);
    if (created.length + edited.length + deleted > 0)
      enqueueEvents(tx, [componentsChanged(project.id, { type: write.type, created, updated: edited, deleted }, principal)]);
    await tx.flush();
    await recordChanges(tx, principal, [
      ...createdGroups.map((group): PendingChange => ({ resource: 'group', action: 'created', projectId: project.id, group })),
      { resource: 'component', action: 'created', projectId: project.id, components: created },
      { resource: 'component', action: 'updated', projectId: project.id, components: edited },
      { resource: 'component', action: 'deleted', projectId: project.id, components: removed },
    ]);

    const outcome: WriteOutcome = {
      written: written.map(({ component, created: isNew }) => ({ component, created: isNew })),
      deleted,
      problems,
      keptArtwork: [...keptArtwork],
      internalizing,
    };
    await remember?.(tx, outcome);
    return outcome;
  });
}
