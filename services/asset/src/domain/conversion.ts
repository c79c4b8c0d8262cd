import { Problem } from '@boardsync/kit';

export type ConversionTarget = 'webp' | 'avif';

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
