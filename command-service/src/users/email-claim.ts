import { emailClaimStream, userStream, type UserStreamEvent } from '@pagelog/contracts/events/user-events';
import { fold } from '@pagelog/storage/event-store/load-stream';
import type { ClaimKind } from '../core/claims/claims';
import { userEvolver } from './decider';

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
