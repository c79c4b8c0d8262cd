import { z } from 'zod';

/** RFC 9457 problem details as every service answers them (the kit's `Problem.toBody()`), for the contract. */
export const problemSchema = z
  .object({
    type: z.string().describe('A URI naming the problem kind; ends with `code`.'),
    title: z.string(),
    status: z.int(),
    code: z.string().describe('Machine-readable: `validation_failed`, `not_found`, `rate_limited`, …'),
    detail: z.string().describe('What went wrong, for a person.'),
    errors: z.record(z.string(), z.array(z.string())).optional().describe('For 422 `validation_failed`: messages per field path.'),
  })
  .catchall(z.unknown())
  .meta({
    examples: [
      {
        type: 'https://boardsync.dev/problems/validation_failed',
        title: 'Unprocessable Content',
        status: 422,
        code: 'validation_failed',
        detail: 'The request failed validation.',
        errors: { 'components.3.name': ['is required for a card'] },
      },
    ],
  });
