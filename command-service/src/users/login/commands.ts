import { TooManyRequestsError, ValidationError } from '@pagelog/contracts/domain-errors';
import { clientAddressKey } from '../client-address';
import { emailIndexOf, ownerOfEmail } from '../email-claim';
import { verifyAgainstNothing, verifyPassword } from '../passwords';
import { loadUser } from '../user-lookups';
import { initialUserState } from '../user-state';
import type { UsersDeps } from '../users-deps';
import { loginDecider } from './decider';

/**
 * Login throttling (spec: AUTH_03, "try again after 10 minutes"). The per-account limits are
 * counted before the password is checked, in one atomic step of the session store, so a burst of
 * parallel attempts cannot all slip under them:
 *
 * * one account from one address: 5 attempts in the window, then AUTH_03 for that pair;
 * * one account from anywhere: 20 attempts, then AUTH_03 (rotating addresses does not help).
 *
 * An address is never locked, since a whole office may share one: its failures, whatever the
 * accounts, are answered more and more slowly once there have been 10 in the window (250 ms,
 * doubling to 8 s). A colleague behind that address who types their own password is answered at
 * once, however busy someone else is guessing. A successful login clears the pair's count and
 * takes its attempt back from the account's: only failures add up.
 *
 * The throttle is infrastructure, not a rule of the account: its windows are counted in the
 * session store (shared by every instance) with `deps.clock`, which the tests move; a login
 * writes no event, so there is no command time to use instead.
 */
export const LOCKOUT = {
  windowMs: 10 * 60_000,
  perAccountAndIp: 5,
  perAccount: 20,
  perIpFailures: { free: 10, firstDelayMs: 250, maxDelayMs: 8_000 },
} as const;

const lockKeys = (emailIndex: string, ip: string) => ({
  pair: `login:pair:${emailIndex}:${clientAddressKey(ip)}`,
  account: `login:account:${emailIndex}`,
  ipFailures: `login:ip-failures:${clientAddressKey(ip)}`,
});

/** How long the answer to an address's `nth` failure in the window is held back. */
export function failureDelayMs(nth: number): number {
  const { free, firstDelayMs, maxDelayMs } = LOCKOUT.perIpFailures;
  if (nth <= free) return 0;
  return Math.min(firstDelayMs * 2 ** Math.min(nth - free - 1, 30), maxDelayMs);
}

/**
 * Checks a login (see LogIn): answers the user id, or AUTH_01 for an unknown address, a wrong
 * password and an account not yet activated alike, taking as long. Failed logins and refusals
 * are logged with the account (when there is one) and the client's address.
 */
export async function verifyLogin(deps: UsersDeps, email: string, password: string, ip: string): Promise<string> {
  const emailIndex = emailIndexOf(deps, email);
  const keys = lockKeys(emailIndex, ip);
  const admission = await deps.sessions.store.admit(
    {
      windowMs: LOCKOUT.windowMs,
      limits: [
        { key: keys.pair, limit: LOCKOUT.perAccountAndIp },
        { key: keys.account, limit: LOCKOUT.perAccount },
      ],
    },
    deps.clock(),
  );
  if (!admission.admitted) {
    deps.logger.warn({ security: 'login-refused', userId: await ownerOfEmail(deps, emailIndex), ip }, 'login refused: too many attempts');
    throw new TooManyRequestsError(Math.ceil(admission.retryAfterMs / 1000));
  }

  const userId = await ownerOfEmail(deps, emailIndex);
  const state = userId ? (await loadUser(deps, userId)).state : initialUserState;
  // Verified against nothing when there is no secret to open, so every answer takes as long.
  const hash = userId && state.secret ? await deps.vault.open<string>(userId, state.secret) : null;
  const passwordVerified = hash ? await verifyPassword(hash, password) : await verifyAgainstNothing(password);
  try {
    loginDecider.decide({ type: 'LogIn', data: { passwordVerified } }, state);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const failures = await deps.sessions.store.hit(keys.ipFailures, LOCKOUT.windowMs, deps.clock());
    const delayMs = failureDelayMs(failures.count);
    deps.logger.warn({ security: 'login-failed', userId, ip, failuresFromAddress: failures.count }, 'login failed');
    if (delayMs > 0) await deps.sleep(delayMs);
    throw error;
  }
  await deps.sessions.store.clear(keys.pair);
  await deps.sessions.store.release([keys.account], deps.clock());
  return userId!;
}
