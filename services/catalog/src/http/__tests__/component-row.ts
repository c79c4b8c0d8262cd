import { COMPONENT_FIELDS, type ComponentFieldName } from '../../domain/component-fields.ts';
import type { ComponentRow } from '../../store/components.ts';

const unset = Object.fromEntries(Object.keys(COMPONENT_FIELDS).map((field) => [field, null])) as Record<ComponentFieldName, unknown>;

/** A component row as the store reads it: every field of the table unset but those given. */
export const componentRow = (values: Partial<ComponentRow> & { type: string }): ComponentRow => ({
  ...unset,
  id: 1,
  unique_id: 'u',
  mask_image: false,
  image_rotation: 0,
  created_at: new Date(0),
  updated_at: new Date(0),
  deck_names: [],
  stack_names: [],
  ...values,
});
