import { z } from 'zod';
import type { FieldErrors } from '@boardsync/kit';
import { DIE_TYPES, QUARTER_TURNS, groupKindOf, honouredFields, maskFieldOf, requiredFields, type CreatableType, type WriteField } from './component-types.ts';
import { resolveMask, type CustomMaskRef } from './mask-library.ts';
import { isWebUrl } from './web-url.ts';

/** Stored component values a row sets; a property left out is left untouched on update. */
export interface ComponentValues {
  name?: string | null;
  bookName?: string | null;
  pageName?: string | null;
  quantity?: number;
  description?: string | null;
  notes?: string | null;
  size?: string | number | null;
  color?: string | null;
  colorBack?: string | null;
  shape?: string;
  cardMaskType?: string;
  maskImage?: boolean;
  material?: string | null;
  imageUrl?: string | null;
  backImageUrl?: string | null;
  imageRotation?: number;
  facing?: number | null;
  physWidthIn?: number | null;
  physHeightIn?: number | null;
  weightLbs?: number | null;
  costPerUnit?: number | null;
  sortOrder?: number | null;
  playtestScaleX?: number | null;
  playtestScaleY?: number | null;
  dieFaces?: string[] | null;
  dieFaceLabels?: string[] | null;
  diceStyle?: string | null;
  spinnerSections?: Record<string, unknown>[] | null;
}

export type ArtworkProperty = 'imageUrl' | 'backImageUrl';

/** One validated row of a component write. */
export interface ComponentRow {
  index: number;
  /** The caller's sync key; absent when none was sent (matched on name, then generated). */
  uniqueId: string | undefined;
  values: ComponentValues;
  /** Deck (card) or stack (token) names the row belongs to; undefined leaves membership as it is. */
  groupNames: string[] | undefined;
  /** Artwork fields sent empty or not at all: a matched row keeps what it has. */
  artworkOmitted: ArtworkProperty[];
}

const MAX_TEXT = 20_000;
const MAX_URL = 2048;

/** Spreadsheet-shaped tools send numbers as strings; a blank cell is "no value". */
const blankIsNull = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? null : value);
const numberLike = (value: unknown): unknown => {
  const blank = blankIsNull(value);
  return typeof blank === 'string' && Number.isFinite(Number(blank)) ? Number(blank) : blank;
};

const line = z.preprocess(blankIsNull, z.string().trim().max(255, 'may not be longer than 255 characters').nullable());
const text = z.preprocess(blankIsNull, z.string().max(MAX_TEXT, `may not be longer than ${String(MAX_TEXT)} characters`).nullable());
const measure = z.preprocess(numberLike, z.number({ error: 'must be a number' }).min(0, 'may not be negative').max(1_000_000).nullable());
const scale = z.preprocess(numberLike, z.number({ error: 'must be a number' }).positive('must be greater than 0').max(1000).nullable());

const webUrl = z.string().trim().max(MAX_URL, `may not be longer than ${String(MAX_URL)} characters`).refine(isWebUrl, 'must be an http or https URL');
const hexColour = z.preprocess(
  blankIsNull,
  z.string().trim().regex(/^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i, 'must be a hex colour such as #ffffff').transform((value) => value.toLowerCase()).nullable(),
);
const quarterTurn = z.preprocess(
  numberLike,
  z.number().refine((value) => (QUARTER_TURNS as readonly number[]).includes(value), 'must be one of 0, 90, 180, 270'),
);

/** An array of strings, or one pipe-delimited string ("a|b|c"); blanks dropped. */
const pipeList = (item: z.ZodString, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split('|') : value),
    z
      .array(z.string({ error: 'must be a string' }))
      .transform((items) => items.map((entry) => entry.trim()).filter((entry) => entry !== ''))
      .pipe(z.array(item).max(max, `may hold at most ${String(max)} entries`)),
  );

const dieType = z.preprocess(
  (value) => (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value.trim())) ? `d${String(value).trim()}` : typeof value === 'string' ? value.trim().toLowerCase() : value),
  z.enum(DIE_TYPES, { error: `must be a die type: ${DIE_TYPES.join(', ')}` }).nullable(),
);
const legacySize = z.preprocess(blankIsNull, z.union([z.string().trim().max(255), z.number().int()], { error: 'must be a string or an integer' }).nullable());

const spinnerSections = z.preprocess(
  blankIsNull,
  z
    .array(z.record(z.string(), z.unknown(), { error: 'each section must be an object' }))
    .max(64, 'may hold at most 64 sections')
    .superRefine((sections, ctx) => {
      sections.forEach((section, index) => {
        const url = section.image_url;
        if (url === undefined || url === null || url === '') return;
        if (typeof url !== 'string' || url.length > MAX_URL || !isWebUrl(url)) ctx.addIssue({ code: 'custom', path: [index, 'image_url'], message: 'must be an http or https URL' });
      });
    })
    .nullable(),
);

/** Field → (schema, stored property). Masks are resolved separately: they need the designer's own. */
const FIELDS: Partial<Record<WriteField, { schema: z.ZodType; property: keyof ComponentValues }>> = {
  name: { schema: line, property: 'name' },
  book_name: { schema: line, property: 'bookName' },
  page_name: { schema: line, property: 'pageName' },
  // A blank quantity is the default one; a blank rotation is upright.
  quantity: {
    schema: z.preprocess(numberLike, z.number({ error: 'must be an integer' }).int('must be an integer').min(0, 'may not be negative').max(100_000).nullable().transform((value) => value ?? 1)),
    property: 'quantity',
  },
  description: { schema: text, property: 'description' },
  notes: { schema: text, property: 'notes' },
  color: { schema: hexColour, property: 'color' },
  color_back: { schema: hexColour, property: 'colorBack' },
  mask_image: { schema: z.boolean({ error: 'must be true or false' }), property: 'maskImage' },
  material: { schema: line, property: 'material' },
  image_rotation: { schema: z.preprocess(blankIsNull, quarterTurn.nullable().transform((value) => value ?? 0)), property: 'imageRotation' },
  facing: { schema: z.preprocess(blankIsNull, quarterTurn.nullable()), property: 'facing' },
  phys_width_in: { schema: measure, property: 'physWidthIn' },
  phys_height_in: { schema: measure, property: 'physHeightIn' },
  weight_lbs: { schema: measure, property: 'weightLbs' },
  cost_per_unit: { schema: measure, property: 'costPerUnit' },
  sort_order: { schema: z.preprocess(numberLike, z.number({ error: 'must be an integer' }).int('must be an integer').min(-2_147_483_648).max(2_147_483_647).nullable()), property: 'sortOrder' },
  playtest_scale_x: { schema: scale, property: 'playtestScaleX' },
  playtest_scale_y: { schema: scale, property: 'playtestScaleY' },
  die_face_labels: { schema: z.preprocess((value) => (value === '' ? null : value), pipeList(z.string().max(255), 120).nullable()), property: 'dieFaceLabels' },
  dice_style: { schema: z.preprocess(blankIsNull, z.enum(['standard', 'custom'], { error: 'must be standard or custom' }).nullable()), property: 'diceStyle' },
  spinner_sections: { schema: spinnerSections, property: 'spinnerSections' },
};

const dieFaces = z.preprocess((value) => (value === '' ? null : value), pipeList(webUrl, 120).nullable());
const groupNames = z.preprocess((value) => (value === null ? [] : value), pipeList(z.string().max(255, 'names may not be longer than 255 characters'), 100));

interface ParseContext {
  type: CreatableType;
  customMasks: readonly CustomMaskRef[];
  /** Error keys start with this: `components.3` in a batch, `component` for a single write. */
  path: string;
}

const sent = (row: Record<string, unknown>, field: WriteField): boolean => Object.hasOwn(row, field) && row[field] !== undefined;

/**
 * Validates one row against its type: fields the type does not honour are dropped unread, the
 * rest are checked and normalized (pipe lists, bare mask spellings, die types, colours).
 * Returns the row or the field errors, keyed `{path}.{field}`.
 */
export function parseComponentRow(raw: unknown, index: number, context: ParseContext): { row: ComponentRow } | { errors: FieldErrors } {
  const { type, path } = context;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { errors: { [path]: ['must be an object'] } };
  const input = raw as Record<string, unknown>;
  const honoured = honouredFields(type);
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => (errors[`${path}.${field}`] ??= []).push(message);
  const values: ComponentValues = {};
  const artworkOmitted: ArtworkProperty[] = [];

  for (const field of honoured) {
    const spec = FIELDS[field];
    if (!spec || !sent(input, field)) continue;
    const result = spec.schema.safeParse(input[field]);
    if (result.success) Object.assign(values, { [spec.property]: result.data });
    else for (const issue of result.error.issues) fail([field, ...issue.path.map(String)].join('.'), issue.message);
  }

  for (const required of requiredFields(type)) {
    const property = FIELDS[required]?.property ?? 'name';
    if ((values[property] ?? null) === null && !errors[`${path}.${required}`]) fail(required, `is required for a ${type}`);
  }

  let uniqueId: string | undefined;
  if (sent(input, 'unique_id') && input.unique_id !== null) {
    const value = input.unique_id;
    if (typeof value === 'number' && Number.isSafeInteger(value)) uniqueId = String(value);
    else if (typeof value === 'string') uniqueId = value.trim() === '' ? undefined : value.trim();
    else fail('unique_id', 'must be a string');
    if (uniqueId !== undefined && uniqueId.length > 255) fail('unique_id', 'may not be longer than 255 characters');
  }

  if (type === 'rulebook') {
    values.name = values.pageName ?? null;
    values.quantity = 1;
  }

  if (honoured.has('size') && sent(input, 'size')) {
    const result = (type === 'dice' ? dieType : legacySize).safeParse(input.size);
    if (result.success) values.size = result.data;
    else fail('size', result.error.issues[0]?.message ?? 'is invalid');
  }

  for (const [field, property] of [['image_url', 'imageUrl'], ['back_image_url', 'backImageUrl']] as const) {
    if (!honoured.has(field)) continue;
    const value = input[field];
    if (!sent(input, field) || value === '') {
      artworkOmitted.push(property);
      continue;
    }
    const result = webUrl.nullable().safeParse(value);
    if (result.success) values[property] = result.data;
    else fail(field, result.error.issues[0]?.message ?? 'must be an http or https URL');
  }

  if (type === 'dice') {
    const field = sent(input, 'die_faces') ? 'die_faces' : sent(input, 'die_face_urls') ? 'die_face_urls' : undefined;
    if (field) {
      const result = dieFaces.safeParse(input[field]);
      if (result.success) values.dieFaces = result.data;
      else for (const issue of result.error.issues) fail([field, ...issue.path.map(String)].join('.'), issue.message);
    }
    const faces = typeof values.size === 'string' ? Number(values.size.slice(1)) : undefined;
    if (faces !== undefined && values.dieFaces && values.dieFaces.length > faces) fail(field ?? 'die_faces', `a ${String(values.size)} has ${String(faces)} faces; ${String(values.dieFaces.length)} face images were sent`);
  }

  const mask = maskFieldOf(type);
  if (mask && sent(input, mask.field)) {
    const value = blankIsNull(input[mask.field]);
    if (value === null) {
      values[mask.property] = 'none';
    } else if (typeof value !== 'string') {
      fail(mask.field, 'must be a mask value from GET /masks');
    } else {
      const resolved = resolveMask(mask.kind, value, context.customMasks);
      if (resolved === undefined) fail(mask.field, `"${value}" is not a ${type} mask: use a value from GET /masks (or one of your custom mask names)`);
      else values[mask.property] = resolved;
    }
  }

  let names: string[] | undefined;
  const groupField = groupKindOf(type) === 'deck' ? 'deck_names' : groupKindOf(type) === 'stack' ? 'stack_names' : undefined;
  if (groupField && sent(input, groupField)) {
    const result = groupNames.safeParse(input[groupField]);
    if (result.success) names = dedupeIgnoringCase(result.data);
    else for (const issue of result.error.issues) fail([groupField, ...issue.path.map(String)].join('.'), issue.message);
  }

  if (Object.keys(errors).length > 0) return { errors };
  return { row: { index, uniqueId, values, groupNames: names, artworkOmitted } };
}

function dedupeIgnoringCase(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
