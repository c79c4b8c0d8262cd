import { COMPONENT_FIELDS, type ComponentFieldName } from '../domain/component-fields.ts';
import type { ComponentRow } from '../store/components.ts';
import type { ComponentBody } from './component-schemas.ts';

const TWO_SIDED = new Set(['card', 'token', 'board', 'coin']);
const FIELDS = (Object.keys(COMPONENT_FIELDS) as ComponentFieldName[]).map((name) => {
  const field: { whenUnset?: (component: { type: string }) => unknown } = COMPONENT_FIELDS[name];
  return [name, field.whenUnset] as const;
});

/**
 * A component (docs/rules.md "Components"): every field of the table (unset ones null, or what the table says they read
 * as), plus `flippable` (a two-sided type with a back to show, artwork or colour), the deck and
 * stack names, and the timestamps.
 */
export function presentComponent(row: ComponentRow): ComponentBody {
  const shown: Record<string, unknown> = { id: row.id };
  for (const [name, whenUnset] of FIELDS) shown[name] = row[name] ?? (whenUnset ? whenUnset(row) : null);
  shown.flippable = TWO_SIDED.has(row.type) && Boolean(row.back_image_url ?? row.color_back);
  shown.deck_names = row.deck_names;
  shown.stack_names = row.stack_names;
  shown.created_at = row.created_at.toISOString();
  shown.updated_at = row.updated_at.toISOString();
  // The row's columns are untyped (`unknown`); `componentBody`'s field list is checked against the same table.
  return shown as ComponentBody;
}
