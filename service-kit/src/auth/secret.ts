import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The server secret (keys the e-mail index, wraps personal-data keys). PAGELOG_SECRET when set
 * (required in practice when several machines share the stores); otherwise one generated on
 * first start and kept in `<dataDir>/secret.key`, readable by the owner only. Processes that
 * start at once on the same data folder agree on the file that was written first.
 */
export function loadSecret(config: { secret: string | null; dataDir: string }): string {
  if (config.secret) return config.secret;
  const file = join(config.dataDir, 'secret.key');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}
