import { z } from 'zod';

/** `{project}` in a path: the integer project id (anything else is 422, never a lookup). */
export const projectParam = z.object({ project: z.coerce.number().int().positive() });
