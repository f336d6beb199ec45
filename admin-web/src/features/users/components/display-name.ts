import type { UserView } from '@pagelog/contracts/users/user';

/** How a user is named on screen: their name, or their email before they have one. */
export function displayName(user: Pick<UserView, 'name' | 'email' | 'profile'>): string {
  return user.name || user.profile?.name || user.email;
}
