import { ValidationError } from '@pagelog/contracts/domain-errors';
import { userStream, type PersonalData } from '@pagelog/contracts/events/user-events';
import type { CommandContext } from '../../core/command-context';
import { clientAddressKey } from '../client-address';
import { emailIndexOf, ownerOfEmail } from '../email-claim';
import { hashPassword, isCommonPassword } from '../passwords';
import { newToken, parseToken } from '../tokens';
import { loadUser } from '../user-lookups';
import { userEvolver } from '../user-state';
import type { UsersDeps } from '../users-deps';
import { passwordDecider } from './decider';
import { isStoreTrouble } from '@pagelog/storage/store-errors';
import { keepTrying } from '../../core/keep-trying';

/**
 * Forgot password: how many links one address can ask for, and how many one account can be
 * sent, in an hour. Past either, the request is dropped, with the same answer.
 */
export const FORGOT_PASSWORD = { windowMs: 60 * 60_000, perIp: 20, perAccount: 3 } as const;

/**
 * Forgot password: issues a reset link (or, for an account not yet activated, a fresh activation
 * link) when the address belongs to an account; the mails reactor sends it. The request does the
 * same work whatever the address (one admission step of the session store); finding the account
 * and issuing the token happen after the answer, so neither the answer nor its timing tells
 * whether the address is known. The admission counts in the session store's own time (deps.clock,
 * shared by every instance), as the login throttle does: it is infrastructure, not the command's time.
 */
export async function forgotPassword(deps: UsersDeps, email: string, ip: string, context: CommandContext): Promise<void> {
  const emailIndex = emailIndexOf(deps, email);
  const admission = await deps.sessions.store.admit(
    {
      windowMs: FORGOT_PASSWORD.windowMs,
      limits: [
        { key: `forgot:ip:${clientAddressKey(ip)}`, limit: FORGOT_PASSWORD.perIp },
        { key: `forgot:account:${emailIndex}`, limit: FORGOT_PASSWORD.perAccount },
      ],
    },
    deps.clock(),
  );
  if (!admission.admitted) {
    deps.logger.warn({ security: 'forgot-password-dropped', ip }, 'forgot-password dropped: too many requests');
    return;
  }
  // Not lost to a short outage of the store: tried again while it is away, for a minute.
  deps.later('forgot-password', () => keepTrying(() => issueResetLink(deps, emailIndex, context), { forMs: 60_000, retry: isStoreTrouble }));
}

/** After the answer: a token for the account that uses the address, if any (see IssueToken). */
async function issueResetLink(deps: UsersDeps, emailIndex: string, context: CommandContext): Promise<void> {
  const userId = await ownerOfEmail(deps, emailIndex);
  if (!userId) return;
  const { state } = await loadUser(deps, userId);
  // The secret is random, not a context id: a keyed retry must not make the same token again.
  const token = newToken(userId);
  // Sealing needs the user's key; once it is gone there is no token to seal.
  const keyPresent = state.personal !== null && (await deps.vault.open<PersonalData>(userId, state.personal)) !== null;
  const sealedToken = keyPresent ? await deps.vault.seal(userId, token.token) : null;
  await deps.handle(userStream(userId), 'any', userEvolver, (now) => passwordDecider.decide({ type: 'IssueToken', data: { tokenHash: token.tokenHash, sealedToken, now: context.now } }, now), context);
}

/** Reset or activation: sets the password once per token, then ends every session of the user. */
export async function resetAccount(deps: UsersDeps, token: string, password: string, context: CommandContext): Promise<{ position: number; userId: string }> {
  const parsed = parseToken(token);
  if (!parsed) throw ValidationError.of('V_04', 'token', 'user');
  const { state } = await loadUser(deps, parsed.ownerId);
  const facts = { tokenHash: parsed.tokenHash, now: context.now, passwordIsCommon: isCommonPassword(password) };
  // Decided before the password is hashed (slow on purpose), and again when recording.
  passwordDecider.decide({ type: 'RedeemToken', data: { ...facts, secret: '' } }, state);
  const secret = await deps.vault.seal(parsed.ownerId, await hashPassword(password));
  const result = await deps.handle(
    userStream(parsed.ownerId),
    'any',
    userEvolver,
    (now) => passwordDecider.decide({ type: 'RedeemToken', data: { ...facts, secret } }, now),
    { ...context, actorId: parsed.ownerId },
  );
  await deps.sessions.endAllFor(parsed.ownerId);
  return { position: result.position, userId: parsed.ownerId };
}
