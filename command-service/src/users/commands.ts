import { ConflictError, NotFoundError, TooManyRequestsError, ValidationError, DomainError } from '@pagelog/contracts/domain-errors';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import {
  SETUP_STREAM,
  USER_DIRECTORY_STREAM,
  userStream,
  type PersonalData,
  type UserEvent,
} from '@pagelog/contracts/events/user-events';
import { ADMINISTRATOR_ROLE, hasPermission } from '@pagelog/contracts/permissions';
import type { UserView } from '@pagelog/contracts/users/user';
import { object, string } from 'yup';
import { validateInput } from '@pagelog/contracts/validation';
import { passwordRule } from '@pagelog/contracts/users/schemas';
import { blindIndex } from '@pagelog/storage/key-store/personal-data-vault';
import { roleFromEvents, userViewFromEvents } from '@pagelog/service-kit/auth/user-view';
import type { CommandContext } from '../core/command-context';
import { authorizeUserAction, userDecider, initialUserState, SYSTEM_USER_ACTOR, userEvolver, type UserActor, type UserCommand, type UserState } from './decider';
import { clientAddressKey } from './client-address';
import { isStoreTrouble } from '@pagelog/storage/store-errors';
import { assertNotFenced, claim, claimOf, giveBack, ownerOf, release, type HeldClaim } from '../core/claims/claims';
import { emailKind } from './email-claim';
import { setupDecider, setupEvolver } from './setup-decider';
import { assertNotCommon, hashPassword, verifyAgainstNothing, verifyPassword } from './passwords';
import { ACTIVATION_TTL_MS, newToken, parseToken, RESET_TTL_MS, SETUP_TTL_MS, tokenLink } from './tokens';
import { adminLinks } from '@pagelog/contracts/users/user';
import type { UsersDeps } from './users-deps';
import { loadStream } from '@pagelog/storage/event-store/load-stream';

export type { UserActor } from './decider';

/** A failure the catalogue names for this operation (UM_09, UM_10), instead of G_01. */
class OperationFailedError extends DomainError {
  readonly status = 500;
  constructor(code: string) {
    super([errorItem(code, '', 'user')]);
  }
}

/** Runs an operation; an unexpected failure answers `code` (its cause goes to the log). */
async function failingAs<T>(deps: UsersDeps, code: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    // Store trouble is the store's, not the operation's: 503 with Retry-After, like anywhere else.
    if (error instanceof DomainError || isStoreTrouble(error)) throw error;
    deps.logger.error({ err: error }, `user operation failed (${code})`);
    throw new OperationFailedError(code);
  }
}

export const emailIndexOf = (deps: Pick<UsersDeps, 'secret'>, email: string) => blindIndex(deps.secret, email.trim().toLowerCase());

export const loadUser = (deps: UsersDeps, userId: string) => loadStream(deps.store, userStream(userId), userEvolver);

/** Who uses an address now, if anyone (a claim whose user was deleted, never created, or moved on is nobody's). */
export const ownerOfEmail = (deps: UsersDeps, emailIndex: string): Promise<string | null> => ownerOf(deps, emailKind(emailIndex));

const claimEmail = (deps: UsersDeps, emailIndex: string, userId: string, context: CommandContext): Promise<HeldClaim> =>
  claim(deps, emailKind(emailIndex), userId, context);

/** Gives an address back: the claim event `claimRevision` when given, else whichever the user has. */
async function releaseEmail(deps: UsersDeps, emailIndex: string, userId: string, context: CommandContext, claimRevision?: number): Promise<void> {
  if (emailIndex) await release(deps, emailKind(emailIndex), userId, context, claimRevision);
}

/** Gives the address claim a failed command made back (see giveBack): at once, or after the answer. */
const giveBackEmail = (deps: UsersDeps, emailIndex: string, userId: string, held: HeldClaim, context: CommandContext, cause: unknown) =>
  giveBack(deps, 'release the address claim of a failed user change', [() => releaseEmail(deps, emailIndex, userId, context, held.revision)], cause);

/** A write of the user's that would use an address claim another user took over meanwhile is refused (V_06 email). */
const EMAIL = { property: 'email', model: 'user' };

/**
 * Decides a user command on their stream. `usesClaim`: the address claim the write relies on (a
 * fence on it refuses the write); `basedOnEmail`: the address index the command was worked out
 * from (a profile change written over another one's new address would take the old one back
 * unclaimed, so that is a conflict).
 */
function decideOn(
  deps: UsersDeps,
  userId: string,
  command: UserCommand,
  context: CommandContext,
  expected: number | 'any' = 'any',
  guard: { usesClaim?: HeldClaim; basedOnEmail?: string } = {},
) {
  return deps.handle(
    userStream(userId),
    expected,
    userEvolver,
    (state, revision) => {
      assertNotFenced(state.fences, guard.usesClaim, EMAIL);
      if (guard.basedOnEmail !== undefined && state.emailIndex !== guard.basedOnEmail) throw new ConflictError(userStream(userId), revision, revision, { conflicts: ['email'] });
      return userDecider.decide(command, state);
    },
    context,
  );
}


const firstAdministratorSchema = object({
  name: string().trim().required('V_01').max(254, 'V_11'),
  email: string().trim().required('V_01').max(254, 'V_11').email('V_02'),
  password: passwordRule(),
});

const directoryEvolver = { initialState: null, evolve: () => null };

const iso = (ms: number) => new Date(ms).toISOString();

export interface NewUser {
  email: string;
  roleId: string;
  name: string;
  jobTitle: string;
  /** Set for the first administrator: active at once, no activation mail. */
  password?: string;
}

/** Registers a user: claims the address, seals the personal data, mails the activation link. */
export async function registerUser(deps: UsersDeps, input: NewUser, actor: UserActor, context: CommandContext): Promise<{ userId: string; position: number; view: UserView }> {
  authorizeUserAction(actor, null, { type: 'register' });
  if (!(await roleFromEvents(deps.store, input.roleId))) throw ValidationError.of('V_12', 'role', 'user');
  if (input.password !== undefined) assertNotCommon(input.password, 'password');
  return failingAs(deps, 'UM_09', async () => {
    const userId = context.newId();
    const emailIndex = emailIndexOf(deps, input.email);
    const token = input.password === undefined ? newToken(userId) : null;
    const held = await claimEmail(deps, emailIndex, userId, context);
    let result;
    try {
      await deps.vault.createKey(userId);
      const personal = await deps.vault.seal(userId, { name: input.name, email: input.email, jobTitle: input.jobTitle } satisfies PersonalData);
      const secret = input.password === undefined ? null : await deps.vault.seal(userId, await hashPassword(input.password));
      const registration: UserCommand = {
        type: 'RegisterUser',
        data: {
          userId,
          roleId: input.roleId,
          emailIndex,
          personal,
          // The link's token goes sealed into the event: the mails reactor sends it (decision 0009).
          activation: token ? { tokenHash: token.tokenHash, expiresAt: iso(deps.clock() + ACTIVATION_TTL_MS), sealedToken: await deps.vault.seal(userId, token.token) } : null,
          secret,
        },
      };
      result = await decideOn(deps, userId, registration, context, 0, { usesClaim: held }).catch((error: unknown) => {
        // Its stream was written first: by a takeover of the address this registration was too
        // slow to use (ClaimFenced). The address is taken now.
        if (error instanceof ConflictError) throw ValidationError.of('V_06', 'email', 'user');
        throw error;
      });
    } catch (error) {
      await giveBackEmail(deps, emailIndex, userId, held, context, error);
      throw error;
    }
    await deps.handle(USER_DIRECTORY_STREAM, 'any', directoryEvolver, () => [{ type: 'UserListed', data: { userId } }], context);
    const view = (await userViewFromEvents(deps.store, deps.vault, userId))!;
    return { userId, position: result.position, view };
  });
}

/** Whether an active user other than `userId` can still manage users (someone must). */
async function administratorsOtherThan(deps: UsersDeps, userId: string): Promise<boolean> {
  const listed = await deps.store.readStream(USER_DIRECTORY_STREAM);
  for (const e of listed) {
    const id = (e.data as { userId: string }).userId;
    if (id === userId) continue;
    const { state } = await loadUser(deps, id);
    if (!state.exists || state.deleted || state.status !== 'active') continue;
    if (hasPermission((await roleFromEvents(deps.store, state.roleId))?.permissions, 'manage-users')) return true;
  }
  return false;
}

export interface UserChanges {
  email?: string;
  roleId?: string;
  name?: string;
  jobTitle?: string;
  currentPassword?: string;
  newPassword?: string;
}

/**
 * PUT /user/{id}: profile, address and role (the last two only with manage-users), and the
 * password change of the personal settings (only one's own, with the current password).
 */
export async function updateUser(
  deps: UsersDeps,
  userId: string,
  changes: UserChanges,
  actor: UserActor,
  context: CommandContext,
): Promise<{ position: number; view: UserView }> {
  // Before anything is read: someone who may not act on this account learns nothing of it.
  authorizeUserAction(actor, userId, { type: 'update', changesEmailOrRole: false, changesPassword: false });
  const { state } = await loadUser(deps, userId);
  if (!state.exists || state.deleted) throw new NotFoundError('UM_02', 'id', 'user');
  const self = actor.userId === userId;
  // No key: the user's deletion was interrupted after the key was destroyed; they are gone.
  const personal = state.personal ? await deps.vault.open<PersonalData>(userId, state.personal) : null;
  if (!personal) throw new NotFoundError('UM_02', 'id', 'user');
  const email = changes.email?.trim().toLowerCase();
  const emailChanges = email !== undefined && email !== personal.email;
  const roleChanges = changes.roleId !== undefined && changes.roleId !== state.roleId;
  authorizeUserAction(actor, userId, {
    type: 'update',
    changesEmailOrRole: emailChanges || roleChanges,
    changesPassword: changes.newPassword !== undefined && changes.newPassword !== '',
  });
  if (roleChanges) {
    const role = await roleFromEvents(deps.store, changes.roleId!);
    if (!role) throw ValidationError.of('V_12', 'role', 'user');
    if (!hasPermission(role.permissions, 'manage-users') && !(await administratorsOtherThan(deps, userId))) {
      throw ValidationError.of('V_07', 'role', 'user');
    }
  }
  let secret: string | null = null;
  if (changes.newPassword) {
    if (!changes.currentPassword) throw ValidationError.of('V_01', 'currentPassword', 'user');
    const current = state.secret ? await deps.vault.open<string>(userId, state.secret) : null;
    if (!current || !(await verifyPassword(current, changes.currentPassword))) throw ValidationError.of('AUTH_02', 'currentPassword', 'user');
    assertNotCommon(changes.newPassword, 'newPassword');
    secret = await deps.vault.seal(userId, await hashPassword(changes.newPassword));
  }
  const next: PersonalData = {
    name: changes.name ?? personal.name,
    email: email ?? personal.email,
    jobTitle: changes.jobTitle ?? personal.jobTitle,
  };
  let position = 0;
  const track = (r: { position: number }) => (position = Math.max(position, r.position));
  const emailIndex = emailChanges ? emailIndexOf(deps, next.email) : state.emailIndex;
  // The claim on the address it leaves, read before it leaves it: given back after the change,
  // that claim event and no later one.
  const leftClaim = emailChanges ? await claimOf(deps, emailKind(state.emailIndex), userId) : null;
  const held = emailChanges ? await claimEmail(deps, emailIndex, userId, context) : undefined;
  if (next.name !== personal.name || next.jobTitle !== personal.jobTitle || emailChanges) {
    try {
      const sealed = await deps.vault.seal(userId, next);
      track(await decideOn(deps, userId, { type: 'ChangeProfile', data: { personal: sealed, emailIndex } }, context, 'any', { usesClaim: held, basedOnEmail: state.emailIndex }));
    } catch (error) {
      // The new address goes back (unless the change was written after all); the old one stays.
      if (held) await giveBackEmail(deps, emailIndex, userId, held, context, error);
      throw error;
    }
  }
  // The change is done: freeing the old address must not turn it into a failure.
  if (leftClaim) await giveBack(deps, 'release the old address of a changed user', [() => releaseEmail(deps, state.emailIndex, userId, context, leftClaim.revision)]);
  if (roleChanges) track(await decideOn(deps, userId, { type: 'ChangeRole', data: { roleId: changes.roleId! } }, context));
  if (secret) {
    track(await decideOn(deps, userId, { type: 'ChangePassword', data: { secret, reason: 'settings' } }, context));
    // A new password ends every other session of the user.
    await deps.sessions.endAllFor(userId, self ? (actor.sessionId ?? undefined) : undefined);
  }
  const view = (await userViewFromEvents(deps.store, deps.vault, userId))!;
  return { position, view };
}

/**
 * Deletes a user: their key is destroyed first (from then on nothing they left in events, read
 * models or their backups can be opened), then the deletion is recorded, the address released,
 * the image removed and their sessions ended. Running it again finishes an interrupted run.
 */
export async function deleteUser(deps: UsersDeps, userId: string, actor: UserActor, context: CommandContext): Promise<{ position: number }> {
  authorizeUserAction(actor, userId, { type: 'delete' });
  const { state } = await loadUser(deps, userId);
  if (!state.exists || state.deleted) throw new NotFoundError('UM_02', 'id', 'user');
  if (hasPermission((await roleFromEvents(deps.store, state.roleId))?.permissions, 'manage-users') && state.status === 'active' && !(await administratorsOtherThan(deps, userId))) {
    throw ValidationError.of('V_07', 'id', 'user');
  }
  return failingAs(deps, 'UM_10', async () => {
    await deps.vault.forget(userId);
    const result = await decideOn(deps, userId, { type: 'DeleteUser', data: {} }, context);
    // The user is deleted: freeing the address must not turn that into a failure.
    await giveBack(deps, 'release the address of a deleted user', [() => releaseEmail(deps, state.emailIndex, userId, context)]);
    if (state.imageId) await deps.blobs.delete(state.imageId);
    await deps.sessions.endAllFor(userId);
    return { position: result.position };
  });
}

/** Stores a processed (validated, re-encoded) profile image, sealed with the user's key. */
export async function setUserImage(
  deps: UsersDeps,
  userId: string,
  image: { bytes: Buffer; contentType: string },
  actor: UserActor,
  context: CommandContext,
): Promise<{ position: number; view: UserView }> {
  authorizeUserAction(actor, userId, { type: 'change-image' });
  const { state } = await loadUser(deps, userId);
  if (!state.exists || state.deleted) throw new NotFoundError('UM_02', 'id', 'user');
  const sealed = await deps.vault.sealBytes(userId, image.bytes);
  // Content-addressed: the image's id is the hash of its sealed bytes (a new IV each time).
  const { key: imageId } = await deps.blobs.put([sealed], { contentType: image.contentType });
  const result = await decideOn(deps, userId, { type: 'ChangeImage', data: { imageId } }, context);
  if (result.replayed) {
    // A keyed retry of a change already made: the image its first attempt recorded stays (the
    // loaded state holds it already), and the one sealed again now is not used.
    const recorded = result.events[0];
    if (recorded?.type !== 'UserImageChanged' || recorded.data.imageId !== imageId) await deps.blobs.delete(imageId);
  } else if (state.imageId) {
    await deps.blobs.delete(state.imageId);
  }
  return { position: result.position, view: (await userViewFromEvents(deps.store, deps.vault, userId))! };
}

export async function removeUserImage(deps: UsersDeps, userId: string, actor: UserActor, context: CommandContext): Promise<{ position: number; view: UserView }> {
  authorizeUserAction(actor, userId, { type: 'change-image' });
  const { state } = await loadUser(deps, userId);
  if (!state.exists || state.deleted) throw new NotFoundError('UM_02', 'id', 'user');
  const result = await decideOn(deps, userId, { type: 'ChangeImage', data: { imageId: null } }, context);
  if (state.imageId) await deps.blobs.delete(state.imageId);
  return { position: result.position, view: (await userViewFromEvents(deps.store, deps.vault, userId))! };
}

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
 * Checks a login. Answers the same (AUTH_01) for an unknown address, a wrong password and an
 * account not yet activated, and takes as long. Failed logins and refusals are logged with the
 * account (when there is one) and the client's address.
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
  let ok = false;
  if (userId) {
    const { state } = await loadUser(deps, userId);
    const hash = state.status === 'active' && state.secret ? await deps.vault.open<string>(userId, state.secret) : null;
    ok = hash ? await verifyPassword(hash, password) : await verifyAgainstNothing(password);
  } else {
    await verifyAgainstNothing(password);
  }
  if (!ok || !userId) {
    const failures = await deps.sessions.store.hit(keys.ipFailures, LOCKOUT.windowMs, deps.clock());
    const delayMs = failureDelayMs(failures.count);
    deps.logger.warn({ security: 'login-failed', userId, ip, failuresFromAddress: failures.count }, 'login failed');
    if (delayMs > 0) await deps.sleep(delayMs);
    throw ValidationError.of('AUTH_01', 'email', 'user');
  }
  await deps.sessions.store.clear(keys.pair);
  await deps.sessions.store.release([keys.account], deps.clock());
  return userId;
}

/**
 * Forgot password: how many links one address can ask for, and how many one account can be
 * sent, in an hour. Past either, the request is dropped, with the same answer.
 */
export const FORGOT_PASSWORD = { windowMs: 60 * 60_000, perIp: 20, perAccount: 3 } as const;

/**
 * Forgot password: mails a reset link (or, for an account not yet activated, a fresh activation
 * link) when the address belongs to an account. The request does the same work whatever the
 * address (one admission step of the session store); finding the account, issuing the token and
 * mailing happen after the answer, so neither the answer nor its timing tells whether the
 * address is known.
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
  deps.later('forgot-password', () => issueResetLink(deps, emailIndex, context));
}

/**
 * After the answer: issues a token when the address belongs to an account (an activation token
 * while it has not been activated). The mails reactor sends the link (decision 0009).
 */
async function issueResetLink(deps: UsersDeps, emailIndex: string, context: CommandContext): Promise<void> {
  const userId = await ownerOfEmail(deps, emailIndex);
  if (!userId) return;
  const { state } = await loadUser(deps, userId);
  // A user whose key is gone (deleted) has nobody to write to.
  if (!state.personal || !(await deps.vault.open<PersonalData>(userId, state.personal))) return;
  const purpose = state.status === 'pending' ? 'activation' : 'reset';
  const token = newToken(userId);
  const expiresAt = iso(deps.clock() + (purpose === 'reset' ? RESET_TTL_MS : ACTIVATION_TTL_MS));
  await decideOn(deps, userId, { type: 'IssueToken', data: { purpose, tokenHash: token.tokenHash, expiresAt, sealedToken: await deps.vault.seal(userId, token.token) } }, context);
}

/** Reset or activation: sets the password once per token, then ends every session of the user. */
export async function resetAccount(deps: UsersDeps, token: string, password: string, context: CommandContext): Promise<{ position: number; userId: string }> {
  const parsed = parseToken(token);
  if (!parsed) throw ValidationError.of('V_04', 'token', 'user');
  const { state } = await loadUser(deps, parsed.ownerId);
  if (!state.exists || state.deleted) throw ValidationError.of('V_04', 'token', 'user');
  if (!Object.values(state.tokens).some((t) => t?.tokenHash === parsed.tokenHash)) throw ValidationError.of('V_04', 'token', 'user');
  assertNotCommon(password, 'password');
  const secret = await deps.vault.seal(parsed.ownerId, await hashPassword(password));
  const result = await decideOn(deps, parsed.ownerId, { type: 'RedeemToken', data: { tokenHash: parsed.tokenHash, secret, now: iso(deps.clock()) } }, { ...context, actorId: parsed.ownerId });
  await deps.sessions.endAllFor(parsed.ownerId);
  return { position: result.position, userId: parsed.ownerId };
}

const setupState = (deps: UsersDeps) => loadStream(deps.store, SETUP_STREAM, setupEvolver);

export async function isSetupComplete(deps: UsersDeps): Promise<boolean> {
  return (await setupState(deps)).state.completed;
}

/** A new one-time setup link (replacing any earlier one), or null when setup is done. */
export async function issueSetupLink(deps: UsersDeps, context: CommandContext): Promise<string | null> {
  const { state, revision } = await setupState(deps);
  if (state.completed) return null;
  const token = newToken('setup');
  await deps.handle(SETUP_STREAM, revision, setupEvolver, (s) => setupDecider.decide({ type: 'IssueSetupToken', data: { tokenHash: token.tokenHash, expiresAt: iso(deps.clock() + SETUP_TTL_MS) } }, s), context);
  return tokenLink(deps.publicUrl, adminLinks.setup, token.token);
}

/**
 * Creates the first administrator, through the setup link's token or (token null) from the
 * configuration or the command line. Only once: the setup stream's revision guards it.
 */
export async function completeSetup(
  deps: UsersDeps,
  input: { token: string | null; name: string; email: string; password: string },
  context: CommandContext,
): Promise<{ userId: string; position: number }> {
  // The same rules as the setup screen, also for the configuration and the command line.
  validateInput(firstAdministratorSchema, { email: input.email, password: input.password, name: input.name }, 'user');
  const { state, revision } = await setupState(deps);
  let tokenHash: string | null = null;
  if (input.token !== null) {
    const parsed = parseToken(input.token);
    if (!parsed || parsed.ownerId !== 'setup') throw ValidationError.of('V_04', 'token', 'user');
    tokenHash = parsed.tokenHash;
  }
  // Check before creating anything, and again (by revision) when recording the completion.
  setupDecider.decide({ type: 'CompleteSetup', data: { userId: '', tokenHash, now: iso(deps.clock()) } }, state);
  const created = await registerUser(
    deps,
    { email: input.email, roleId: ADMINISTRATOR_ROLE, name: input.name, jobTitle: '', password: input.password },
    SYSTEM_USER_ACTOR,
    context,
  );
  const done = await deps.handle(SETUP_STREAM, revision, setupEvolver, (s) => setupDecider.decide({ type: 'CompleteSetup', data: { userId: created.userId, tokenHash, now: iso(deps.clock()) } }, s), context);
  return { userId: created.userId, position: done.position };
}
