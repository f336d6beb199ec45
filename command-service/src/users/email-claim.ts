import { emailClaimStream, userStream, type UserStreamEvent } from '@pagelog/contracts/events/user-events';
import { blindIndex } from '@pagelog/storage/key-store/personal-data-vault';
import { fold } from '@pagelog/storage/event-store/load-stream';
import type { CommandContext } from '../core/command-context';
import { claim, giveBack, ownerOf, release, type ClaimKind, type HeldClaim } from '../core/claims/claims';
import { userEvolver } from './user-state';
import type { UsersDeps } from './users-deps';

/**
 * An e-mail address (by its blind index) is unique among users: claimed before the user is
 * registered or changes to it (see core/claims). A user holds it while they exist and their
 * profile has that address.
 */
export function emailKind(emailIndex: string): ClaimKind<UserStreamEvent> {
  return {
    stream: emailClaimStream(emailIndex),
    names: { claimed: 'EmailClaimed', released: 'EmailReleased', ownerField: 'userId' },
    data: (userId) => ({ userId }),
    ownerStream: userStream,
    ownerState: (events) => {
      const user = fold(userEvolver, events);
      return { holds: user.exists && !user.deleted && user.emailIndex === emailIndex, deleted: user.deleted, fences: user.fences };
    },
    property: 'email',
    model: 'user',
  };
}

export const emailIndexOf = (deps: Pick<UsersDeps, 'secret'>, email: string) => blindIndex(deps.secret, email.trim().toLowerCase());

/** Who uses an address now, if anyone (a claim whose user was deleted, never created, or moved on is nobody's). */
export const ownerOfEmail = (deps: UsersDeps, emailIndex: string): Promise<string | null> => ownerOf(deps, emailKind(emailIndex));

export const claimEmail = (deps: UsersDeps, emailIndex: string, userId: string, context: CommandContext): Promise<HeldClaim> =>
  claim(deps, emailKind(emailIndex), userId, context);

/** Gives an address back: the claim event `claimRevision` when given, else whichever the user has. */
export async function releaseEmail(deps: UsersDeps, emailIndex: string, userId: string, context: CommandContext, claimRevision?: number): Promise<void> {
  if (emailIndex) await release(deps, emailKind(emailIndex), userId, context, claimRevision);
}

/** Gives the address claim a failed command made back (see giveBack): at once, or after the answer. */
export const giveBackEmail = (deps: UsersDeps, emailIndex: string, userId: string, held: HeldClaim, context: CommandContext, cause: unknown) =>
  giveBack(deps, 'release the address claim of a failed user change', [() => releaseEmail(deps, emailIndex, userId, context, held.revision)], cause);
