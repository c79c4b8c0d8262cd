import { COMPONENT_FIELDS, type ComponentFieldName } from '../domain/component-fields.ts';
import type { ComponentRow } from '../store/components.ts';
import { iso } from './iso-time.ts';

const TWO_SIDED = new Set(['card', 'token', 'board', 'coin']);
const FIELDS = (Object.keys(COMPONENT_FIELDS) as ComponentFieldName[]).map((name) => {
  const field: { whenUnset?: (component: { type: string }) => unknown } = COMPONENT_FIELDS[name];
  return [name, field.whenUnset] as const;
});

/**
 * Spec §2 Component: every field of the table (unset ones null, or what the table says they read
 * as), plus `flippable` (a two-sided type with a back to show, artwork or colour), the deck and
 * stack names, and the timestamps.
 */
export function presentComponent(row: ComponentRow): Record<string, unknown> {
  const shown: Record<string, unknown> = { id: row.id };
  for (const [name, whenUnset] of FIELDS) shown[name] = row[name] ?? (whenUnset ? whenUnset(row) : null);
  shown.flippable = TWO_SIDED.has(row.type) && Boolean(row.back_image_url ?? row.color_back);
  shown.deck_names = row.deck_names;
  shown.stack_names = row.stack_names;
  shown.created_at = iso(row.created_at);
  shown.updated_at = iso(row.updated_at);
  return shown;
}
