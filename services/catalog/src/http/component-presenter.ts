import { COMPONENT_FIELDS, type ComponentFieldName } from '../domain/component-fields.ts';
import type { Component } from '../store/entities/component.ts';
import type { GroupNames } from '../store/components.ts';
import { iso } from './iso-time.ts';

const TWO_SIDED = new Set(['card', 'token', 'board', 'coin']);
const FIELD_NAMES = Object.keys(COMPONENT_FIELDS) as ComponentFieldName[];

/**
 * Spec §2 Component: every field of the table (unset ones null, or what the table says they read
 * as), plus `flippable` (a two-sided type with a back to show, artwork or colour), the deck and
 * stack names, and the timestamps.
 */
export function presentComponent(component: Component, groups: GroupNames | undefined) {
  const fields = Object.fromEntries(
    FIELD_NAMES.map((name) => {
      const field: { property: keyof Component & string; whenUnset?: (component: Component) => unknown } = COMPONENT_FIELDS[name];
      return [name, component[field.property] ?? (field.whenUnset ? field.whenUnset(component) : null)];
    }),
  ) as Record<ComponentFieldName, unknown>;
  return {
    id: component.id,
    ...fields,
    flippable: TWO_SIDED.has(component.type) && Boolean(component.backImageUrl ?? component.colorBack),
    deck_names: groups?.deckNames ?? [],
    stack_names: groups?.stackNames ?? [],
    created_at: iso(component.createdAt),
    updated_at: iso(component.updatedAt),
  };
}
