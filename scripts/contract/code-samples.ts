import { readFileSync } from 'node:fs';

/**
 * The operations the document shows code for, each in TypeScript, Python and curl. Each sample is a
 * whole file under docs/examples/snippets/, named by its operation, and the clients' tests run every
 * one against the system (clients/typescript/test/suites/package.ts, clients/python/test/wheel.spec.ts):
 * what a reader copies is what was run.
 */
export const SAMPLED_OPERATIONS = ['createProject', 'writeComponentBatch', 'listComponents', 'uploadAsset', 'registerWebhook'] as const;

export const SAMPLE_LANGUAGES = [
  { extension: 'ts', lang: 'TypeScript', label: 'TypeScript (@boardsync/client)' },
  { extension: 'py', lang: 'Python', label: 'Python (boardsync)' },
  { extension: 'sh', lang: 'Shell', label: 'curl' },
] as const;

export const SNIPPETS_DIR = new URL('../../docs/examples/snippets/', import.meta.url);

/** Adds `x-codeSamples` (Redoc's extension) to each sampled operation of `document`. */
export function withCodeSamples(document: Record<string, unknown>): Record<string, unknown> {
  const operations = Object.values(document.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap((item) => Object.values(item));
  for (const id of SAMPLED_OPERATIONS) {
    const operation = operations.find((candidate) => candidate.operationId === id);
    if (!operation) throw new Error(`a code sample names ${id}, which no operation is`);
    operation['x-codeSamples'] = SAMPLE_LANGUAGES.map(({ extension, lang, label }) => ({
      lang,
      label,
      source: readFileSync(new URL(`${id}.${extension}`, SNIPPETS_DIR), 'utf8').trimEnd(),
    }));
  }
  return document;
}
