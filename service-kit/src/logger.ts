import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON logs on stdout (pino). LOG_LEVEL=silent turns them off, as the tests do. */
export function createLogger(level = process.env.LOG_LEVEL ?? 'info', name = 'pagelog'): Logger {
  return pino({ name, level });
}
