import { z } from 'zod';
import { CREATABLE_TYPES, honouredFields, requiredFields, type CreatableType, type WriteField } from '../domain/component-types.ts';
import { COMPONENT_LIMITS } from '../domain/component-values.ts';
import { writeFieldSchema } from '../domain/component-write-fields.ts';

/** What each write field means to a caller, in the order of docs/rules.md "Components"; its type and bounds come from the field's own schema. */
const WRITE_FIELD_NOTES: Record<WriteField, string> = {
  unique_id:
    'Your sync key: the first write creates, later writes with it update in place. Without one the row is matched on `name` and the service generates a key.',
  name: 'The component’s name.',
  book_name: 'The rulebook this page belongs to.',
  page_name: 'The page’s name (read back as `name`).',
  quantity: 'Copies; blank or null is 1.',
  description: 'Free text shown to the designer.',
  notes: 'Private free text.',
  size: 'Dice: the die type. Other types: a legacy free-text label, superseded by `phys_width_in` / `phys_height_in`.',
  color: 'Front colour, used when there is no artwork: `#rgb`, `#rrggbb` or `#rrggbbaa`.',
  color_back: 'Back colour, used when there is no back artwork.',
  shape:
    'A token mask value from `GET /masks` (a bare spelling such as `circle` is read back in `default:` form), or one of your custom mask names; blank or null is `none`.',
  card_mask_type:
    'A card mask value from `GET /masks` (`none` is no mask; `default:rectangle` is the rectangle mask), or one of your custom mask names; blank or null is `none`.',
  mask_image: 'Trace the artwork’s own transparency instead of applying a geometric shape; `color` then tints the silhouette.',
  material: 'Free text.',
  image_url: 'Front artwork: any public URL or one an asset endpoint returned; null clears it. Blank or left out keeps a matched row’s artwork.',
  back_image_url: 'Back artwork, as `image_url`.',
  image_rotation: 'Artwork rotation in degrees; blank or null is 0.',
  facing: 'Which edge is up, in degrees; null leaves the tabletop default.',
  phys_width_in: 'Physical width in inches; drives tabletop scale.',
  phys_height_in: 'Physical height in inches; drives tabletop scale.',
  weight_lbs: 'Weight per unit, in pounds.',
  cost_per_unit: 'Cost per unit.',
  sort_order: 'Ordering within the type; page order for a rulebook.',
  playtest_scale_x: 'Fallback scale when no physical size is set.',
  playtest_scale_y: 'Fallback scale when no physical size is set.',
  die_faces: 'Face image URLs in face order (not a count: the count is `size`).',
  die_face_urls: 'Deprecated: the older name of `die_faces`, read only when `die_faces` is not sent (and checked either way).',
  die_face_labels: 'Face labels in face order.',
  dice_style: '`standard` or `custom`.',
  spinner_sections: 'The spinner’s sections; an `image_url` inside one is resolved like a top-level one.',
  deck_names: 'The decks the card is in: missing ones are created. Sets membership, not order; an empty list leaves every deck.',
  stack_names: 'The stacks the token is in: missing ones are created. Sets membership, not order; an empty list leaves every stack.',
};

const TYPE_NOTES: Record<CreatableType, string> = {
  card: 'A card row.',
  token: 'A token row.',
  dice: 'A die row: `size` is its die type.',
  board: 'A board row.',
  rulebook: 'One rulebook page: send one row per page. It has no `name` (its `page_name` is read back as one) and its quantity is always 1.',
  spinner: 'A spinner row.',
  coin: 'A coin row.',
  bag: 'A bag row.',
  counter: 'A counter row.',
  timer: 'A timer row.',
  pack: 'A pack row: rarity tiers and contents are set in the editor, not through the API.',
};

// The required fields (names) are free text that must be present: not null, not blank.
const presentLine = z.string().trim().min(1).max(COMPONENT_LIMITS.line);

export const schemaNameOf = (type: CreatableType): string => `${type[0]?.toUpperCase() ?? ''}${type.slice(1)}`;

function rowSchemaOf(type: CreatableType) {
  const required = new Set(requiredFields(type));
  const honoured = honouredFields(type);
  const inSpecOrder = (Object.keys(WRITE_FIELD_NOTES) as WriteField[]).filter((field) => honoured.has(field));
  const shape = Object.fromEntries(
    inSpecOrder.map((field) => {
      const schema = writeFieldSchema(type, field);
      if (!schema) throw new Error(`the write field ${field} has no schema`);
      const described = (required.has(field) ? presentLine : schema.optional()).describe(WRITE_FIELD_NOTES[field]);
      return [field, field === 'die_face_urls' ? described.meta({ deprecated: true }) : described];
    }),
  );
  return z.object(shape).meta({ id: schemaNameOf(type), description: `${TYPE_NOTES[type]} Fields the type does not honour are accepted and ignored.` });
}

/**
 * docs/rules.md "Fields honoured per type" as one row schema per type, built from the schemas rows are
 * parsed by: the public contract's typed rows (every generated client sees each type's fields).
 */
export const ROW_SCHEMAS = Object.fromEntries(CREATABLE_TYPES.map((type) => [type, rowSchemaOf(type)])) as Record<CreatableType, z.ZodObject>;
