import type { z } from 'zod';
import { Problem, type FieldErrors } from './problem.ts';

/** Parses a request part with a zod schema; failures become one 422 `validation_failed` naming each field. */
export function parseRequest<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    (errors[field] ??= []).push(issue.message);
  }
  throw Problem.validation(errors);
}
