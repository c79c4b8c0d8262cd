/** The component types (docs/rules.md "Components"): what can be created, and what is only read (and filtered, and deleted). */
export const CREATABLE_TYPES = ['card', 'token', 'dice', 'board', 'rulebook', 'spinner', 'coin', 'bag', 'counter', 'timer', 'pack'] as const;
export const LEGACY_TYPES = ['other', 'piece', 'cube', 'packaging'] as const;

export type CreatableType = (typeof CREATABLE_TYPES)[number];
export type ComponentType = CreatableType | (typeof LEGACY_TYPES)[number];

export const LISTABLE_TYPES = [...CREATABLE_TYPES, ...LEGACY_TYPES] as const;

export const isListableType = (value: string): value is ComponentType => (LISTABLE_TYPES as readonly string[]).includes(value);

/** The component write fields (docs/rules.md "Components"), including the older alias `die_face_urls`. */
export type WriteField =
  | 'unique_id'
  | 'name'
  | 'book_name'
  | 'page_name'
  | 'quantity'
  | 'description'
  | 'notes'
  | 'size'
  | 'color'
  | 'color_back'
  | 'shape'
  | 'card_mask_type'
  | 'mask_image'
  | 'material'
  | 'image_url'
  | 'back_image_url'
  | 'image_rotation'
  | 'facing'
  | 'phys_width_in'
  | 'phys_height_in'
  | 'weight_lbs'
  | 'cost_per_unit'
  | 'sort_order'
  | 'playtest_scale_x'
  | 'playtest_scale_y'
  | 'die_faces'
  | 'die_face_urls'
  | 'die_face_labels'
  | 'dice_style'
  | 'spinner_sections'
  | 'deck_names'
  | 'stack_names';

/** The common set every creatable type honours (docs/rules.md "Fields honoured per type"). */
const COMMON: readonly WriteField[] = [
  'unique_id',
  'quantity',
  'description',
  'notes',
  'size',
  'color',
  'material',
  'image_url',
  'image_rotation',
  'facing',
  'phys_width_in',
  'phys_height_in',
  'playtest_scale_x',
  'playtest_scale_y',
  'weight_lbs',
  'cost_per_unit',
];

const WITH_BACK: readonly WriteField[] = ['name', 'back_image_url', 'color_back'];

/** docs/rules.md "Fields honoured per type": anything else a row carries is ignored, never stored. */
const BEYOND_COMMON: Record<CreatableType, readonly WriteField[]> = {
  card: [...WITH_BACK, 'card_mask_type', 'deck_names', 'sort_order'],
  token: [...WITH_BACK, 'shape', 'mask_image', 'stack_names'],
  dice: ['name', 'die_faces', 'die_face_urls', 'die_face_labels', 'dice_style'],
  board: WITH_BACK,
  // A rulebook row is one page; its name is its page_name and its quantity is always 1.
  rulebook: ['book_name', 'page_name', 'sort_order'],
  spinner: ['name', 'spinner_sections'],
  coin: WITH_BACK,
  bag: ['name'],
  counter: ['name'],
  timer: ['name'],
  pack: ['name'],
};

const HONOURED = new Map<CreatableType, ReadonlySet<WriteField>>(
  CREATABLE_TYPES.map((type) => {
    const fields = new Set<WriteField>([...COMMON, ...BEYOND_COMMON[type]]);
    if (type === 'rulebook') fields.delete('quantity');
    return [type, fields];
  }),
);

export function honouredFields(type: CreatableType): ReadonlySet<WriteField> {
  return HONOURED.get(type) ?? new Set();
}

export function requiredFields(type: CreatableType): readonly WriteField[] {
  return type === 'rulebook' ? ['book_name', 'page_name'] : ['name'];
}

/** The group kind a type can join through `deck_names` / `stack_names`, if any. */
export function groupKindOf(type: string): 'deck' | 'stack' | undefined {
  if (type === 'card') return 'deck';
  if (type === 'token') return 'stack';
  return undefined;
}

/** The mask field a type carries (docs/rules.md "Masks"): cards `card_mask_type`, tokens `shape`; others none. */
export function maskFieldOf(type: string): { field: 'card_mask_type' | 'shape'; property: 'cardMaskType' | 'shape'; kind: 'card' | 'token' } | undefined {
  if (type === 'card') return { field: 'card_mask_type', property: 'cardMaskType', kind: 'card' };
  if (type === 'token') return { field: 'shape', property: 'shape', kind: 'token' };
  return undefined;
}

export const DIE_TYPES = ['d2', 'd3', 'd4', 'd6', 'd8', 'd10', 'd12', 'd20'] as const;
export const QUARTER_TURNS = [0, 90, 180, 270] as const;
