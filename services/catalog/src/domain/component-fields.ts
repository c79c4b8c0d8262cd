import type { z } from 'zod';
import type { ComponentRecord } from './component-record.ts';
import type { WriteField } from './component-types.ts';
import * as values from './component-values.ts';

type ComponentProperty = keyof ComponentRecord;

/** One component field (docs/rules.md "Components"): where it is stored, how a write's value is parsed, how an unset one reads. */
interface ComponentField<P extends ComponentProperty = ComponentProperty> {
  property: P;
  /** The field's own schema; absent for fields a rule of `parseComponentRow` reads (or that no write sets). */
  input?: z.ZodType;
  /** What an unset value reads as, when not null (it depends on the type alone). */
  whenUnset?: (component: Pick<ComponentRecord, 'type'>) => unknown;
}

const field = <P extends ComponentProperty>(
  property: P,
  input?: z.ZodType,
  whenUnset?: (component: Pick<ComponentRecord, 'type'>) => unknown,
): ComponentField<P> => ({
  property,
  ...(input ? { input } : {}),
  ...(whenUnset ? { whenUnset } : {}),
});
/** docs/rules.md "Masks": a card's or token's unset mask reads `none`; other types have none at all. */
const noMaskFor = (type: string) => (component: Pick<ComponentRecord, 'type'>) => (component.type === type ? 'none' : null);

/**
 * Every stored component field the API shows, in the order of docs/rules.md "Components": the one table that parsing,
 * assignment and presentation read. `unique_id`, `size`, the artwork URLs, `die_faces` and the
 * two mask fields carry no schema here: their writes follow rules of their own (aliases, die
 * types, kept artwork, the designer's masks) in `parseComponentRow`.
 */
export const COMPONENT_FIELDS = {
  unique_id: field('uniqueId'),
  type: field('type'),
  name: field('name', values.line),
  book_name: field('bookName', values.line),
  page_name: field('pageName', values.line),
  quantity: field('quantity', values.quantity),
  description: field('description', values.text),
  notes: field('notes', values.text),
  size: field('size'),
  color: field('color', values.hexColour),
  color_back: field('colorBack', values.hexColour),
  shape: field('shape', undefined, noMaskFor('token')),
  card_mask_type: field('cardMaskType', undefined, noMaskFor('card')),
  mask_image: field('maskImage', values.flag),
  material: field('material', values.line),
  image_url: field('imageUrl'),
  back_image_url: field('backImageUrl'),
  image_rotation: field('imageRotation', values.rotation),
  facing: field('facing', values.facing),
  phys_width_in: field('physWidthIn', values.measure),
  phys_height_in: field('physHeightIn', values.measure),
  weight_lbs: field('weightLbs', values.measure),
  cost_per_unit: field('costPerUnit', values.measure),
  sort_order: field('sortOrder', values.sortOrder),
  playtest_scale_x: field('playtestScaleX', values.scale),
  playtest_scale_y: field('playtestScaleY', values.scale),
  die_faces: field('dieFaces'),
  die_face_labels: field('dieFaceLabels', values.dieFaceLabels),
  dice_style: field('diceStyle', values.diceStyle),
  spinner_sections: field('spinnerSections', values.spinnerSections),
  source: field('source'),
} satisfies Record<string, ComponentField>;

export type ComponentFieldName = keyof typeof COMPONENT_FIELDS;
type NotWritten = 'type' | 'source' | 'unique_id';

/** Stored component values a row sets; a property left out is left untouched on update. */
export type ComponentValues = Partial<Pick<ComponentRecord, (typeof COMPONENT_FIELDS)[Exclude<ComponentFieldName, NotWritten>]['property']>>;

/** The table's entry for a write field, if the field is stored as it is. */
export function componentField(name: WriteField): ComponentField | undefined {
  return Object.hasOwn(COMPONENT_FIELDS, name) ? COMPONENT_FIELDS[name as ComponentFieldName] : undefined;
}
