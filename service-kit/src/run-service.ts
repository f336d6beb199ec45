import type { Server } from 'node:http';
import type Koa from 'koa';
import type { Logger } from 'pino';
import { loadConfig, ConfigError, type Config } from './config';
import { createLogger } from './logger';
import { createHttpServer, listen } from './http/http-server';

/** Loads the configuration or exits with a message naming the variable at fault. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

/**
 * The shape of every process entry point: configuration, logger, start, and a clean stop on
 * SIGINT/SIGTERM (close the server, then whatever `start` returned). A process ends only on
 * purpose: an uncaught error, or an event loop that runs out of work without being stopped, is
 * logged and ends it with a non-zero code (never a silent exit 0 that a supervisor reads as done).
 */
export async function runProcess(
  name: string,
  start: (config: Config, logger: Logger) => Promise<{ app?: Koa; close(): Promise<void> }>,
): Promise<void> {
  const config = configOrExit();
  const logger = createLogger(config.logLevel, name);
  let stopping = false;
  const die = (message: string, error?: unknown) => {
    logger.fatal({ err: error }, message);
    process.exit(1);
  };
  process.on('uncaughtException', (error) => die(`${name} stopped on an unexpected error`, error));
  process.on('unhandledRejection', (error) => die(`${name} stopped on an unhandled rejection`, error));
  process.on('beforeExit', () => {
    if (!stopping) die(`${name} had nothing left to wait on and would have exited; this is a bug`);
  });
  const started = await start(config, logger).catch((error: unknown) => {
    logger.error({ err: error }, `${name} could not start`);
    process.exit(1);
  });
  let server: Server | null = null;
  if (started.app) {
    server = await listen(createHttpServer(started.app.callback(), config.http), config.port, config.host);
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info({ port }, `${name} listening`);
  } else {
    logger.info(`${name} running`);
  }
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    await started.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
