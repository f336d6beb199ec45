import { loadConfig, ConfigError } from '@pagelog/service-kit/config';
import { createLogger } from '@pagelog/service-kit/logger';
import { startPagelog } from './embedded';

/** `npm start`: the whole product in one process. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  // The process ends only on purpose: an error nothing handled is logged and ends it non-zero.
  const die = (message: string, error: unknown) => {
    logger.fatal({ err: error }, message);
    process.exit(1);
  };
  process.on('uncaughtException', (error) => die('Pagelog stopped on an unexpected error', error));
  process.on('unhandledRejection', (error) => die('Pagelog stopped on an unhandled rejection', error));
  const running = await startPagelog(config, logger);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await running.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error('Pagelog could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
