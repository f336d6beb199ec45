import { seededRoles, type PermissionName } from '@pagelog/contracts/permissions';
import type { UserView } from '@pagelog/contracts/users/user';

/** A user as the API answers it, for specs. The administrator role holds every permission. */
export function aUser(overrides: Partial<UserView> = {}, permissions?: PermissionName[]): UserView {
  const administrator = seededRoles[0]!;
  const role = permissions ? { ID: 'custom', name: 'Custom', permissions: permissions.map((name) => ({ name })) } : administrator;
  const name = overrides.name ?? 'Ada Admin';
  const jobTitle = overrides.jobTitle ?? 'Editor in chief';
  return {
    ID: 'user-1',
    name,
    email: 'ada@example.com',
    jobTitle,
    image: null,
    role,
    status: 'active',
    profile: { name, jobTitle, image: null },
    ...overrides,
  };
}
