import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** A configuration value that failed validation; `message` is one line naming the variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Parses `env` with a zod object schema whose keys are environment variable names.
 * Every problem is reported, one variable per line, so a bad deployment is fixed in one go.
 */
export function parseConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const variable = issue.path.join('.') || '(environment)';
    const value = typeof issue.path[0] === 'string' ? env[issue.path[0]] : undefined;
    const shown = value === undefined ? 'unset' : `got ${JSON.stringify(redact(variable, value))}`;
    return `invalid configuration: ${variable}: ${issue.message} (${shown})`;
  });
  throw new ConfigError(lines.join('\n'));
}

/** For `main.ts`: parse, or print the problem on stderr and exit with status 78 (EX_CONFIG). */
export function loadConfigOrExit<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  try {
    return parseConfig(schema, env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
}

/** How a refused value is shown: not at all for a secret, and never with the credentials a URL carries. */
export function redact(variable: string, value: string): string {
  if (/SECRET|PASSWORD|TOKEN|KEY/i.test(variable)) return '***';
  return withoutCredentials(value, /_URLS?$/i.test(variable));
}

/**
 * Hides the user-info of anything URL-like, whether or not it parses: a malformed URL is exactly
 * the one that gets printed, and a password with an unencoded '#', '/', '?' or '@' is what makes
 * it malformed, so everything from the scheme's `//` to the last '@' goes. For a variable that
 * holds URLs, so does whatever precedes an '@' in a value without a scheme; `password=…` (a
 * connection string's query) is hidden too.
 */
function withoutCredentials(value: string, holdsUrls: boolean): string {
  let shown = value.replace(/([a-z][a-z0-9+.-]*:\/\/).*@/is, '$1***@');
  if (holdsUrls && shown === value) shown = value.replace(/^.*@/s, '***@');
  return shown.replace(/\b(password|passwd|pwd)=[^&\s]*/gi, '$1=***');
}

const PORT_MESSAGE = 'must be a port number: digits only, 0 to 65535';

/**
 * A port as digits, surrounding blanks ignored; blank or absent is unset. Not z.coerce.number():
 * it reads " " as 0 (a random port) and takes "1e3" or "0x2384".
 */
function portText() {
  return z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : undefined))
    .pipe(
      z
        .string()
        .regex(/^\d+$/, PORT_MESSAGE)
        .transform(Number)
        .refine((port) => port <= 65535, PORT_MESSAGE)
        .optional(),
    );
}

/**
 * A METRICS_PORT on the public or internal port would not start (the address is in use); refuse it
 * with the reason instead. Port 0 (any free port) is never a clash.
 */
export function metricsPortApart(config: { PORT: number; INTERNAL_PORT: number; METRICS_PORT?: number | undefined }, ctx: z.RefinementCtx): void {
  const { PORT, INTERNAL_PORT, METRICS_PORT } = config;
  if (METRICS_PORT === undefined || METRICS_PORT === 0) return;
  const clash = METRICS_PORT === PORT ? 'PORT' : METRICS_PORT === INTERNAL_PORT ? 'INTERNAL_PORT' : undefined;
  if (clash) {
    ctx.addIssue({
      code: 'custom',
      path: ['METRICS_PORT'],
      message: `must differ from ${clash} (${String(METRICS_PORT)}): the scrape listener needs a port of its own`,
    });
  }
}

/** Reusable field schemas for environment variables (which always arrive as strings). */
export const env = {
  /** Unset or blank: the fallback. */
  port: (fallback: number) => portText().transform((port) => port ?? fallback),
  /** Unset or blank: none. */
  optionalPort: () => portText(),
  int: (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback),
  string: (fallback: string) => z.string().min(1).default(fallback),
  optionalString: () =>
    z
      .string()
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
  url: () => z.url(),
  optionalUrl: () =>
    z
      .union([z.literal(''), z.url()])
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
  boolean: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
      .default(fallback ? 'true' : 'false')
      .transform((value) => value === 'true' || value === '1' || value === 'yes'),
  list: () =>
    z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item !== ''),
      ),
  /** A URL that must be set; the message tells a missing one from a malformed one. */
  requiredUrl: (what: string) => z.url({ error: (issue) => (issue.input === undefined ? `is required: ${what}` : `must be a URL: ${what}`) }),
  /** A comma-separated list that must name at least one item. */
  requiredList: (what: string) =>
    z
      .string({ error: `is required: ${what}` })
      .transform((value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item !== ''),
      )
      .refine((items) => items.length > 0, `is required: ${what}`),
  /** A prefix that may be empty (no prefix). */
  prefix: (fallback = '') =>
    z
      .string()
      .regex(/^[A-Za-z0-9._-]*$/, 'letters, digits, dots, dashes and underscores only')
      .default(fallback),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  secret: (minLength = 32) => z.string().min(minLength, `must be at least ${minLength} characters`),
  /** A path to a file read at start-up (a CA bundle, a certificate, a key, a mounted secret): its text; unset or blank: none. */
  optionalFile: () =>
    z
      .string()
      .optional()
      .transform((path, context) => {
        if (path === undefined || path.trim() === '') return undefined;
        try {
          return readFileSync(path, 'utf8');
        } catch (error) {
          context.addIssue({ code: 'custom', message: `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}` });
          return z.NEVER;
        }
      }),
};
