import { acceptsOnTheWire } from '@boardsync/kit/core';
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

/** A spreadsheet cell's number may arrive as text. */
/** A blank spreadsheet cell, which every field takes as "no value". */
const blank = z.literal('').describe('A blank cell: no value.');
const numberAsText = z.string().describe('The number as text, as a spreadsheet cell sends it (`"2.5"`); a blank cell is no value.');
/** A number that may be sent as text; blank text or null is no value. */
const numberCell = <Number extends z.ZodType<number>>(number: Number) =>
  acceptsOnTheWire(z.preprocess(numberLike, number.nullable()), z.union([number, numberAsText, z.null()]));

export const line = z.preprocess(blankIsNull, z.string().trim().max(COMPONENT_LIMITS.line, longest(COMPONENT_LIMITS.line)).nullable());
export const text = z.preprocess(blankIsNull, z.string().max(COMPONENT_LIMITS.text, longest(COMPONENT_LIMITS.text)).nullable());
export const measure = numberCell(z.number({ error: 'must be a number' }).min(0, 'may not be negative').max(1_000_000));
export const scale = numberCell(z.number({ error: 'must be a number' }).positive('must be greater than 0').max(1000));
// A blank quantity is the default one.
export const quantity = numberCell(z.number({ error: 'must be an integer' }).int('must be an integer').min(0, 'may not be negative').max(100_000)).transform(
  (value) => value ?? 1,
);
export const sortOrder = numberCell(z.number({ error: 'must be an integer' }).int('must be an integer').min(-2_147_483_648).max(2_147_483_647));
export const flag = z.boolean({ error: 'must be true or false' });

export const webUrl = acceptsOnTheWire(
  z.string().trim().max(COMPONENT_LIMITS.url, longest(COMPONENT_LIMITS.url)).refine(isWebUrl, 'must be an http or https URL'),
  z.string().max(COMPONENT_LIMITS.url).meta({ format: 'uri', description: 'An http or https URL.' }),
);
/** Artwork: a URL, or null to clear it (a blank one keeps what a matched row has: see `parseComponentRow`). */
export const artworkUrl = acceptsOnTheWire(webUrl.nullable(), z.union([webUrl, z.literal('').describe('Blank: a matched row keeps its artwork.'), z.null()]));
const hexColourText = z.string().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'must be a hex colour such as #ffffff');
export const hexColour = acceptsOnTheWire(
  z.preprocess(
    blankIsNull,
    z
      .string()
      .trim()
      .pipe(hexColourText)
      .transform((value) => value.toLowerCase())
      .nullable(),
  ),
  z.union([hexColourText, blank, z.null()]),
);
const quarterTurnValue = z.literal(QUARTER_TURNS);
const quarterTurn = z.preprocess(
  numberLike,
  z.number().refine((value) => (QUARTER_TURNS as readonly number[]).includes(value), 'must be one of 0, 90, 180, 270'),
);
const quarterTurnOnTheWire = z.union([quarterTurnValue, numberAsText, z.null()]);
// A blank rotation is upright.
export const rotation = acceptsOnTheWire(
  z.preprocess(
    blankIsNull,
    quarterTurn.nullable().transform((value) => value ?? 0),
  ),
  quarterTurnOnTheWire,
);
export const facing = acceptsOnTheWire(z.preprocess(blankIsNull, quarterTurn.nullable()), quarterTurnOnTheWire);
const diceStyles = z.enum(['standard', 'custom'], { error: 'must be standard or custom' });
export const diceStyle = acceptsOnTheWire(z.preprocess(blankIsNull, diceStyles.nullable()), z.union([diceStyles, blank, z.null()]));

/** What a list field accepts: an array, one pipe-delimited string, or null. */
const pipeListOrNullOnTheWire = (item: z.ZodType<string, string>, max: number) =>
  // Blank entries are dropped before the entries are checked.
  z.union([z.array(z.union([item, blank])).max(max), z.string().describe('The entries in one pipe-delimited string: `"a|b|c"`.'), z.null()]);

/** An array of strings, or one pipe-delimited string ("a|b|c"); blanks dropped. */
const pipeList = (item: z.ZodType<string, string>, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split('|') : value),
    z
      .array(z.string({ error: 'must be a string' }))
      .transform((items) => items.map((entry) => entry.trim()).filter((entry) => entry !== ''))
      .pipe(z.array(item).max(max, `may hold at most ${String(max)} entries`)),
  );
/** A list field that may be cleared: blank or null is no list. */
const clearableList = (item: z.ZodType<string, string>, max: number) =>
  acceptsOnTheWire(
    z.preprocess((value) => (value === '' ? null : value), pipeList(item, max).nullable()),
    pipeListOrNullOnTheWire(item, max),
  );

const name = z.string().max(COMPONENT_LIMITS.line, longest(COMPONENT_LIMITS.line));
export const dieFaces = clearableList(webUrl, COMPONENT_LIMITS.dieFaces);
export const dieFaceLabels = clearableList(name, COMPONENT_LIMITS.dieFaceLabels);
// Null is no group at all.
export const groupNames = acceptsOnTheWire(
  z.preprocess(
    (value) => (value === null ? [] : value),
    pipeList(z.string().max(COMPONENT_LIMITS.line, `names may not be longer than ${String(COMPONENT_LIMITS.line)} characters`), COMPONENT_LIMITS.groupNames),
  ),
  pipeListOrNullOnTheWire(name, COMPONENT_LIMITS.groupNames),
);

const FACE_COUNTS = DIE_TYPES.map((dieType) => Number(dieType.slice(1)));
export const dieType = acceptsOnTheWire(
  z.preprocess(
    (value) =>
      typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value.trim()))
        ? `d${String(value).trim()}`
        : typeof value === 'string'
          ? value.trim().toLowerCase()
          : value,
    z.enum(DIE_TYPES, { error: `must be a die type: ${DIE_TYPES.join(', ')}` }).nullable(),
  ),
  z.union([
    z.enum(DIE_TYPES).describe('The die type.'),
    z
      .string()
      .regex(new RegExp(`^\\s*[dD]?(${FACE_COUNTS.join('|')})\\s*$`))
      .describe('The die type in capitals, or its face count as text (`"D6"`, `"6"`).'),
    z.literal(FACE_COUNTS).describe('The face count: `6` is a `d6`.'),
    z.null(),
  ]),
);
export const legacySize = z.preprocess(
  blankIsNull,
  z.union([z.string().trim().max(COMPONENT_LIMITS.line), z.number().int()], { error: 'must be a string or an integer' }).nullable(),
);

/** The caller's sync key: a string, or a whole number taken as its digits; blank is none sent. */
export const uniqueId = acceptsOnTheWire(
  z.preprocess(
    (value) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : blankIsNull(value)),
    z.string({ error: 'must be a string' }).trim().max(COMPONENT_LIMITS.line, longest(COMPONENT_LIMITS.line)).nullable(),
  ),
  z.union([z.string().max(COMPONENT_LIMITS.line), z.int().describe('Taken as its digits: `17` is `"17"`.'), z.null()]),
);

/** A mask value of `GET /masks`, a bare spelling of one, or a custom mask's name; blank or null is none. */
export const maskValue = z.preprocess(
  blankIsNull,
  z.string({ error: 'must be a mask value from GET /masks' }).max(COMPONENT_LIMITS.line, longest(COMPONENT_LIMITS.line)).nullable(),
);

const spinnerSection = z.object({
  image_url: z.union([webUrl, blank, z.null()]).optional().describe('Resolved like a top-level `image_url`.'),
});
export const spinnerSections = acceptsOnTheWire(
  z.preprocess(
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
  ),
  z.union([
    z.array(spinnerSection.describe('A section: its `image_url` and any keys of the caller’s own.')).max(COMPONENT_LIMITS.spinnerSections),
    blank,
    z.null(),
  ]),
);
