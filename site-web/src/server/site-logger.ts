/**
 * The logging the site needs: pino-style calls (fields first, then the message), so a pino logger
 * fits as it is. Without one the site logs to the console.
 */
export interface SiteLogger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export const consoleLogger: SiteLogger = {
  info: (fields, message) => console.info(message, fields),
  warn: (fields, message) => console.warn(message, fields),
  error: (fields, message) => console.error(message, fields),
};
