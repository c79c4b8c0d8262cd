import { pino, type Logger, type LoggerOptions } from 'pino';
import { currentRequestContext } from './request-context.ts';

export type { Logger } from 'pino';

export interface LoggerSettings {
  service: string;
  level?: LoggerOptions['level'];
  /** Where lines go; defaults to stdout. Tests pass a stream to read them back. */
  destination?: pino.DestinationStream;
}

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
    redact: {
      paths: ['authorization', '*.authorization', 'headers.authorization', 'password', '*.password', 'secret', '*.secret', 'token', '*.token'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
