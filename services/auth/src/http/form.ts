import type { Context } from 'koa';

/** A form-encoded (or JSON) body as untyped fields; each handler checks the fields it reads. */
export function formFields(ctx: Context): Record<string, unknown> {
  return (ctx.request.body ?? {}) as Record<string, unknown>;
}
