/** What an upload or mirror may be converted to before it is stored. */
export type ConversionTarget = 'webp' | 'avif';
