import { pino, type Logger, type LoggerOptions } from 'pino';
import { redactCredentials } from './log-redaction.ts';
import { currentRequestContext } from './request-context.ts';
import { activeTraceIds } from './telemetry/trace-context.ts';

export type { Logger } from 'pino';

export interface LoggerSettings {
  service: string;
  level?: LoggerOptions['level'];
  /** Where lines go; defaults to stdout (written asynchronously). Tests pass a stream to read them back. */
  destination?: pino.DestinationStream;
}

const STDOUT_BUFFER_BYTES = 16 * 1024 * 1024;

/** JSON lines; the request id of the current request and the active span's trace and span ids (if any) are on every line. */
export function createLogger({ service, level = 'info', destination }: LoggerSettings): Logger {
  const options: LoggerOptions = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Never a credential (log-redaction.ts).
    formatters: { level: (label) => ({ level: label }), log: redactCredentials },
    mixin: () => {
      const context = currentRequestContext();
      const ids = activeTraceIds();
      if (context === undefined) return ids ?? {};
      return ids === undefined ? { request_id: context.requestId } : { request_id: context.requestId, ...ids };
    },
  };
  // stdout written asynchronously: a synchronous write per line was 7% of a busy catalog's CPU
  // (the access log's one line a request); lines written while one is in flight go out together,
  // and pino flushes what is left when the process exits. A reader of stdout that stalls (a stuck
  // collector, a full pipe) costs lines past 16 MiB waiting, never the process's memory.
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false, maxLength: STDOUT_BUFFER_BYTES }));
}
