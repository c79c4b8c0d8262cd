import { Problem } from '@boardsync/kit';
import { z } from 'zod';
import type { ConversionTarget } from '../domain/conversion.ts';

const MAX_URL_LENGTH = 2048;

/** `{project}` in a path: the integer project id (anything else is 422, never a lookup). */
export const projectParam = z.object({ project: z.coerce.number().int().positive().max(2_147_483_647) });

const flag = z.boolean({ error: 'must be true or false' }).default(false);

export const fromUrlBody = z.object({
  url: z
    .string({ error: 'is required: the public http(s) URL of the image' })
    .min(1, 'is required: the public http(s) URL of the image')
    // Its form (absolute, http or https, no credentials) is the outbound client's to judge, so each refusal carries its `reason`.
    .max(MAX_URL_LENGTH, `must be at most ${String(MAX_URL_LENGTH)} characters`),
  convert_to_webp: flag,
  convert_to_avif: flag,
});

export const deleteBody = z.object({
  key: z.string({ error: 'is required: the key of the asset to delete' }).min(1, 'is required: the key of the asset to delete').max(1024),
});

const FORM_TRUE = new Set(['true', '1', 'on', 'yes']);
const FORM_FALSE = new Set(['false', '0', 'off', 'no', '']);

/** A word in any case, as a pattern JSON Schema can carry (its regular expressions have no flags). */
const caseless = (word: string): string =>
  Array.from(word, (letter) => letter)
    .map((letter) => (/[a-z]/.test(letter) ? `[${letter}${letter.toUpperCase()}]` : letter))
    .join('');
const FORM_FLAG = new RegExp(`^\\s*(?:${[...FORM_TRUE, ...FORM_FALSE].filter(Boolean).map(caseless).join('|')})?\\s*$`);

/** A multipart flag as `formFlag` reads it: a form field is text, so a boolean is spelled `true`/`false` (or 1/0, on/off, yes/no). */
const formFlagField = (effect: string) =>
  z
    .union([z.boolean(), z.string().regex(FORM_FLAG)])
    .default(false)
    .describe(`${effect} \`true\` or \`false\` (also 1/0, on/off, yes/no, in any case); absent is false. At most one of the two conversions.`);

/**
 * The `multipart/form-data` upload as the contract shows it. `receiveUpload` streams the body
 * instead of parsing it whole, so this is its description (and the fields it reads), not its parser.
 */
export const uploadForm = z
  .object({
    file: z
      .string()
      .meta({ format: 'binary' })
      .describe(
        'The image, the one file part: JPEG, PNG, GIF, WebP, AVIF or SVG, judged by its bytes (never its name or declared type); at most 50 MB, SVG 5 MB. Its filename starts the stored name.',
      ),
    convert_to_webp: formFlagField('Store it as WebP (animations keep their frames).'),
    convert_to_avif: formFlagField('Store it as AVIF (not for animations).'),
  })
  // Any other part is refused (`receiveUpload`): no typo'd flag is silently ignored.
  .meta({ additionalProperties: false });

/** A multipart boolean field: true/false (also 1/0, on/off, yes/no); absent is false. */
export function formFlag(fields: Record<string, string>, name: string): boolean {
  const value = fields[name]?.trim().toLowerCase();
  if (value === undefined || FORM_FALSE.has(value)) return false;
  if (FORM_TRUE.has(value)) return true;
  throw Problem.validation({ [name]: ['must be true or false'] });
}

/** `convert_to_webp` / `convert_to_avif`: at most one; both is a question we will not guess the answer to. */
export function conversionTarget(toWebp: boolean, toAvif: boolean): ConversionTarget | undefined {
  if (toWebp && toAvif) {
    throw Problem.validation(
      { convert_to_avif: ['convert_to_webp and convert_to_avif cannot both be true; choose one format.'] },
      'Choose one conversion: WebP or AVIF.',
    );
  }
  if (toWebp) return 'webp';
  return toAvif ? 'avif' : undefined;
}
