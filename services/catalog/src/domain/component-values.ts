import { z } from 'zod';
import { DIE_TYPES, QUARTER_TURNS } from './component-types.ts';
import { isWebUrl } from './web-url.ts';

/**
 * The value schemas of component fields. Every string and array has a bound: a write can never
 * store more than these, whatever the body limit lets through.
 */
export const COMPONENT_LIMITS = {
  line: 255,
  text: 20_000,
  url: 2048,
  dieFaces: 120,
  dieFaceLabels: 120,
  spinnerSections: 64,
  /** Characters of one spinner section, as JSON (its keys beyond `image_url` are the caller's). */
  spinnerSection: 4096,
  groupNames: 100,
} as const;

/** Spreadsheet-shaped tools send numbers as strings; a blank cell is "no value". */
export const blankIsNull = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? null : value);
const numberLike = (value: unknown): unknown => {
  const blank = blankIsNull(value);
  return typeof blank === 'string' && Number.isFinite(Number(blank)) ? Number(blank) : blank;
};
const longest = (max: number) => `may not be longer than ${String(max)} characters`;

export const line = z.preprocess(blankIsNull, z.string().trim().max(COMPONENT_LIMITS.line, longest(COMPONENT_LIMITS.line)).nullable());
export const text = z.preprocess(blankIsNull, z.string().max(COMPONENT_LIMITS.text, longest(COMPONENT_LIMITS.text)).nullable());
export const measure = z.preprocess(numberLike, z.number({ error: 'must be a number' }).min(0, 'may not be negative').max(1_000_000).nullable());
export const scale = z.preprocess(numberLike, z.number({ error: 'must be a number' }).positive('must be greater than 0').max(1000).nullable());
// A blank quantity is the default one.
export const quantity = z.preprocess(
  numberLike,
  z
    .number({ error: 'must be an integer' })
    .int('must be an integer')
    .min(0, 'may not be negative')
    .max(100_000)
    .nullable()
    .transform((value) => value ?? 1),
);
export const sortOrder = z.preprocess(
  numberLike,
  z.number({ error: 'must be an integer' }).int('must be an integer').min(-2_147_483_648).max(2_147_483_647).nullable(),
);
export const flag = z.boolean({ error: 'must be true or false' });

export const webUrl = z.string().trim().max(COMPONENT_LIMITS.url, longest(COMPONENT_LIMITS.url)).refine(isWebUrl, 'must be an http or https URL');
export const hexColour = z.preprocess(
  blankIsNull,
  z
    .string()
    .trim()
    .regex(/^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i, 'must be a hex colour such as #ffffff')
    .transform((value) => value.toLowerCase())
    .nullable(),
);
const quarterTurn = z.preprocess(
  numberLike,
  z.number().refine((value) => (QUARTER_TURNS as readonly number[]).includes(value), 'must be one of 0, 90, 180, 270'),
);
// A blank rotation is upright.
export const rotation = z.preprocess(
  blankIsNull,
  quarterTurn.nullable().transform((value) => value ?? 0),
);
export const facing = z.preprocess(blankIsNull, quarterTurn.nullable());
export const diceStyle = z.preprocess(blankIsNull, z.enum(['standard', 'custom'], { error: 'must be standard or custom' }).nullable());

/** An array of strings, or one pipe-delimited string ("a|b|c"); blanks dropped. */
const pipeList = (item: z.ZodString, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split('|') : value),
    z
      .array(z.string({ error: 'must be a string' }))
      .transform((items) => items.map((entry) => entry.trim()).filter((entry) => entry !== ''))
      .pipe(z.array(item).max(max, `may hold at most ${String(max)} entries`)),
  );

export const dieFaces = z.preprocess((value) => (value === '' ? null : value), pipeList(webUrl, COMPONENT_LIMITS.dieFaces).nullable());
export const dieFaceLabels = z.preprocess(
  (value) => (value === '' ? null : value),
  pipeList(z.string().max(COMPONENT_LIMITS.line, longest(COMPONENT_LIMITS.line)), COMPONENT_LIMITS.dieFaceLabels).nullable(),
);
export const groupNames = z.preprocess(
  (value) => (value === null ? [] : value),
  pipeList(z.string().max(COMPONENT_LIMITS.line, `names may not be longer than ${String(COMPONENT_LIMITS.line)} characters`), COMPONENT_LIMITS.groupNames),
);

export const dieType = z.preprocess(
  (value) =>
    typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value.trim()))
      ? `d${String(value).trim()}`
      : typeof value === 'string'
        ? value.trim().toLowerCase()
        : value,
  z.enum(DIE_TYPES, { error: `must be a die type: ${DIE_TYPES.join(', ')}` }).nullable(),
);
export const legacySize = z.preprocess(
  blankIsNull,
  z.union([z.string().trim().max(COMPONENT_LIMITS.line), z.number().int()], { error: 'must be a string or an integer' }).nullable(),
);

export const spinnerSections = z.preprocess(
  blankIsNull,
  z
    .array(z.record(z.string(), z.unknown(), { error: 'each section must be an object' }))
    .max(COMPONENT_LIMITS.spinnerSections, `may hold at most ${String(COMPONENT_LIMITS.spinnerSections)} sections`)
    .superRefine((sections, ctx) => {
      sections.forEach((section, index) => {
        if (JSON.stringify(section).length > COMPONENT_LIMITS.spinnerSection)
          ctx.addIssue({ code: 'custom', path: [index], message: `may not be longer than ${String(COMPONENT_LIMITS.spinnerSection)} characters as JSON` });
        const url = section.image_url;
        if (url === undefined || url === null || url === '') return;
        if (typeof url !== 'string' || url.length > COMPONENT_LIMITS.url || !isWebUrl(url))
          ctx.addIssue({ code: 'custom', path: [index, 'image_url'], message: 'must be an http or https URL' });
      });
    })
    .nullable(),
);
