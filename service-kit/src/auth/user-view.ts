import { endpointUrl } from '@pagelog/contracts/endpoints';
import { roleStream, userStream, type PersonalData } from '@pagelog/contracts/events/user-events';
import type { RoleView } from '@pagelog/contracts/permissions';
import type { UserView } from '@pagelog/contracts/users/user';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import type { PersonalDataVault } from '@pagelog/storage/key-store/personal-data-vault';
import { readStreamOf } from '@pagelog/storage/event-store/load-stream';

/** The URL the admin loads a profile image from (the image id busts caches when it changes). */
export function imageUrl(userId: string, imageId: string | null): string | null {
  return imageId ? `${endpointUrl('userImageGet', { id: userId })}?v=${imageId.slice(-12)}` : null;
}

/** What a user document (read model) or a folded stream provides for a view. */
export interface UserFacts {
  userId: string;
  roleId: string;
  status: 'pending' | 'active';
  personal: string | null;
  imageId: string | null;
  createdAt?: string;
  updatedAt?: string;
}

export async function toUserView(facts: UserFacts, role: RoleView | null, vault: PersonalDataVault): Promise<UserView> {
  const personal = facts.personal ? await vault.open<PersonalData>(facts.userId, facts.personal) : null;
  const name = personal?.name ?? '';
  const jobTitle = personal?.jobTitle ?? '';
  const image = imageUrl(facts.userId, facts.imageId);
  return {
    ID: facts.userId,
    name,
    email: personal?.email ?? '',
    jobTitle,
    image,
    role,
    status: facts.status,
    profile: { name, jobTitle, image },
    ...(facts.createdAt ? { createdAt: facts.createdAt } : {}),
    ...(facts.updatedAt ? { updatedAt: facts.updatedAt } : {}),
  };
}

export async function roleFromEvents(store: EventStore, roleId: string): Promise<RoleView | null> {
  if (!roleId) return null;
  const events = await readStreamOf(store, roleStream(roleId));
  let role: RoleView | null = null;
  for (const e of events) if (e.type === 'RoleDefined') role = { ID: e.data.roleId, name: e.data.name, permissions: e.data.permissions };
  return role;
}

/**
 * A user's facts folded from their stream: the one fold of user events outside the command
 * side's decider. Null for an unknown or deleted user.
 */
export async function userFactsFromEvents(store: EventStore, userId: string): Promise<UserFacts | null> {
  const recorded = await readStreamOf(store, userStream(userId));
  const facts: UserFacts = { userId, roleId: '', status: 'pending', personal: null, imageId: null };
  let registered = false;
  for (const e of recorded) {
    // A fence (another user took over an address claim of this one's) changes nothing of theirs.
    if (e.type === 'ClaimFenced') continue;
    if (e.type === 'UserDeleted') return null;
    if (e.type === 'UserRegistered') registered = true;
    if (e.type === 'UserRegistered') Object.assign(facts, { roleId: e.data.roleId, personal: e.data.personal, createdAt: e.metadata.occurredAt });
    else if (e.type === 'UserRoleChanged') facts.roleId = e.data.roleId;
    else if (e.type === 'UserActivated') facts.status = 'active';
    else if (e.type === 'UserProfileChanged') facts.personal = e.data.personal;
    else if (e.type === 'UserImageChanged') facts.imageId = e.data.imageId;
    facts.updatedAt = e.metadata.occurredAt;
  }
  // Never registered: a stream with nothing but a fence (its registration was taken over).
  return registered ? facts : null;
}

/**
 * A user's view straight from their stream (for the login reply and after a change: these must
 * never lag behind a write). Null for an unknown or deleted user.
 */
export async function userViewFromEvents(store: EventStore, vault: PersonalDataVault, userId: string): Promise<UserView | null> {
  const facts = await userFactsFromEvents(store, userId);
  return facts ? toUserView(facts, await roleFromEvents(store, facts.roleId), vault) : null;
}
