import { pino, type Logger, type LoggerOptions } from 'pino';
import { currentRequestContext } from './request-context.ts';

export type { Logger } from 'pino';

export interface LoggerSettings {
  service: string;
  level?: LoggerOptions['level'];
  /** Where lines go; defaults to stdout (written asynchronously). Tests pass a stream to read them back. */
  destination?: pino.DestinationStream;
}

const STDOUT_BUFFER_BYTES = 16 * 1024 * 1024;

/** Fields that hold a credential wherever they appear, up to two objects deep (`headers`, `req.headers`, a form `body`). */
const SECRET_FIELDS = ['authorization', 'cookie', 'password', 'secret', 'token', 'client_secret', 'refresh_token', 'access_token', 'code_verifier'];
/** Header names pino's paths can only reach in brackets; the principal header in both the spelling we send and the one Node reads. */
const SECRET_HEADERS = ['set-cookie', 'x-boardsync-principal', 'X-Boardsync-Principal'];

/**
 * What is never written to a log. `code` (an authorization code) only where a request's form or
 * query holds it: elsewhere `code` is a Problem's or an errno's, which operators need.
 */
export const REDACTED_PATHS: readonly string[] = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
  ...SECRET_HEADERS.flatMap((header) => [`["${header}"]`, `*["${header}"]`, `*.*["${header}"]`]),
  ...['body', 'query', 'form'].flatMap((holder) => [`${holder}.code`, `*.${holder}.code`]),
];

/** JSON lines; the request id of the current request (if any) is on every line. */
export function createLogger({ service, level = 'info', destination }: LoggerSettings): Logger {
  const options: LoggerOptions = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const context = currentRequestContext();
      return context ? { request_id: context.requestId } : {};
    },
    redact: { paths: [...REDACTED_PATHS], censor: '[redacted]' },
  };
  // stdout written asynchronously: a synchronous write per line was 7% of a busy catalog's CPU
  // (the access log's one line a request); lines written while one is in flight go out together,
  // and pino flushes what is left when the process exits. A reader of stdout that stalls (a stuck
  // collector, a full pipe) costs lines past 16 MiB waiting, never the process's memory.
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false, maxLength: STDOUT_BUFFER_BYTES }));
}
