import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** argon2id with the OWASP-recommended minimum (19 MiB, 2 passes, 1 lane). */
// algorithm 2 = Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when an address is unknown, so that answer takes as long as a wrong password.
let dummy: Promise<string> | null = null;
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummy ??= hashPassword('not a password of anyone');
  await verifyPassword(await dummy, password);
  return false;
}

const common = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

/**
 * Whether a password is on the list of commonly used passwords (about 50,000, from zxcvbn-ts),
 * also after dropping the digits and symbols people add to meet the rules ("Password123!").
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (common.has(lower)) return true;
  const stripped = lower.replace(/[^a-z]+$/g, '').replace(/^[^a-z]+/g, '');
  return stripped.length >= 4 && stripped.length < lower.length && common.has(stripped);
}
