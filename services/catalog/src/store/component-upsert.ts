import type { EntityManager } from '@mikro-orm/sql';
import type { ComponentRow, ComponentValues } from '../domain/component-input.ts';
import type { CreatableType } from '../domain/component-types.ts';
import type { MatchedRow } from '../domain/write-matching.ts';
import { Component } from './entities/component.ts';

export interface WrittenRow {
  component: Component;
  row: ComponentRow;
  created: boolean;
}

export interface Upserted {
  written: WrittenRow[];
  /** Matched components whose stored values really changed. */
  changed: Set<Component>;
  /** Names of matched components sent without artwork that kept theirs. */
  keptArtwork: Set<string>;
}

/** What a created row starts from before the sent values apply. */
function createDefaults(type: CreatableType): ComponentValues {
  return {
    quantity: 1,
    imageRotation: 0,
    maskImage: false,
    ...(type === 'card' ? { cardMaskType: 'none' } : {}),
    ...(type === 'token' ? { shape: 'none' } : {}),
  };
}

const sameValue = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Applies the sent values; returns whether any stored value really changed. */
function applyValues(component: Component, values: ComponentValues): boolean {
  let changed = false;
  for (const [property, value] of Object.entries(values) as [keyof ComponentValues, unknown][]) {
    if (sameValue(component[property], value)) continue;
    Object.assign(component, { [property]: value });
    changed = true;
  }
  return changed;
}

/**
 * Creates the unmatched rows (stamped with the caller's source) and applies the sent fields to the
 * matched ones (their source unchanged; left-out fields untouched; `updated_at` moved only on a
 * real change). Flushes, so created rows have their ids.
 */
export async function upsertRows(
  em: EntityManager,
  target: { projectId: number; type: CreatableType; source: string; now: Date },
  matched: readonly MatchedRow<Component>[],
): Promise<Upserted> {
  const result: Upserted = { written: [], changed: new Set(), keptArtwork: new Set() };
  for (const { row, target: existing, uniqueId } of matched) {
    if (existing) {
      const keptArtwork = row.artworkOmitted.some((property) => existing[property] !== null && existing[property] !== undefined);
      if (applyValues(existing, row.values) || existing.uniqueId !== uniqueId) {
        existing.uniqueId = uniqueId;
        existing.updatedAt = target.now;
        result.changed.add(existing);
      }
      if (keptArtwork) result.keptArtwork.add(existing.name ?? existing.uniqueId);
      result.written.push({ component: existing, row, created: false });
    } else {
      const component = em.create(Component, {
        projectId: target.projectId,
        type: target.type,
        uniqueId,
        source: target.source,
        ...createDefaults(target.type),
        ...row.values,
        maskImage: row.values.maskImage ?? false,
        imageRotation: row.values.imageRotation ?? 0,
        createdAt: target.now,
        updatedAt: target.now,
      });
      result.written.push({ component, row, created: true });
    }
  }
  await em.flush();
  return result;
}
