import { z } from 'zod';
import { named } from '@boardsync/kit/contract';

/** A mask option (docs/rules.md "Masks"): one value a card's `card_mask_type` or a token's `shape` accepts. */
export const maskOptionBody = named(
  z.object({
    value: z.string().describe('Send verbatim: `none`, `default:{key}` for a built-in shape, `custom:{id}` for one of the designer’s own.'),
    label: z.string().describe('Human name.'),
    source: z.enum(['preset', 'custom']),
    aspect: z.string().nullable().describe('The ratio the shape forces, like `1:1` or `5:7`; null forces none (the component keeps its size).'),
  }),
  'MaskOption',
  { value: 'default:rectangle_rounded', label: 'Rounded rectangle', source: 'preset', aspect: null },
);

/** `GET /masks`, at top level: every value each mask field accepts, `none` first, then the library, then the designer's own. */
export const masksBody = z.object({
  card: z.array(maskOptionBody).describe('The values a card’s `card_mask_type` accepts.'),
  token: z.array(maskOptionBody).describe('The values a token’s `shape` accepts.'),
});

export type MasksBody = z.infer<typeof masksBody>;

/** A custom mask as the admin API answers it: its mask option, plus its kind and owner (no public operation). */
export const customMaskBody = maskOptionBody.extend({
  id: z.int(),
  kind: z.enum(['card', 'token']),
  source: z.literal('custom'),
  designer_id: z.int(),
});

export type CustomMaskBody = z.infer<typeof customMaskBody>;
