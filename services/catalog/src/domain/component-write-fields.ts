import type { z } from 'zod';
import { componentField } from './component-fields.ts';
import type { CreatableType, WriteField } from './component-types.ts';
import { artworkUrl, dieFaces, dieType, groupNames, legacySize, maskValue, uniqueId } from './component-values.ts';

/** Fields whose writes follow a rule of `parseComponentRow` (aliases, kept artwork, masks, groups): the schema a value is checked by first. */
const RULED: Partial<Record<WriteField, z.ZodType>> = {
  unique_id: uniqueId,
  image_url: artworkUrl,
  back_image_url: artworkUrl,
  die_faces: dieFaces,
  die_face_urls: dieFaces,
  card_mask_type: maskValue,
  shape: maskValue,
  deck_names: groupNames,
  stack_names: groupNames,
};

/**
 * The schema a write field's value is parsed by, for a type: the one source of a row's parsing
 * and of the row schemas the public contract shows. `size` is a die type for dice and a legacy
 * label for the rest; `mask_image` has no stored rule beyond being a flag.
 */
export function writeFieldSchema(type: CreatableType, field: WriteField): z.ZodType | undefined {
  if (field === 'size') return sizeSchemaOf(type);
  return RULED[field] ?? componentField(field)?.input;
}

/** `size` (docs/rules.md "Components"): a die's type, or another type's legacy free-text label. */
export function sizeSchemaOf(type: CreatableType): z.ZodType<string | number | null> {
  return type === 'dice' ? dieType : legacySize;
}
