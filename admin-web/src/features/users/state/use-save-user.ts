import { useMutation } from '@tanstack/react-query';
import type { UserView } from '@pagelog/contracts/users/user';
import { createUserSchema, updateUserSchema } from '@pagelog/contracts/users/schemas';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { validateWith } from '../../../core/errors/validation-errors';
import { useCurrentUser } from '../../../core/session/current-user';
import { userBodyOf } from './check-user-form';
import { useUsersApi } from './use-users-api';

/** The fields of the add and edit forms. */
export interface UserFormValues {
  name: string;
  email: string;
  jobTitle: string;
  /** The role's ID. */
  role: string;
}

/**
 * Adds a user, or edits the one given (spec section 4): checked against the contract's schema
 * first, so its errors read the same as the server's; a refusal's errors go into users-overview,
 * cleared first. The list reads again on the command's position; a user who edited themselves
 * is read again too. Resolves whether it worked.
 */
export function useSaveUser(user?: UserView) {
  const users = useUsersApi();
  const errors = useErrorStore();
  const { user: signedIn, refreshUser } = useCurrentUser();
  return useMutation({
    mutationFn: async (values: UserFormValues): Promise<boolean> => {
      errors.clear('users-overview');
      const fields = userBodyOf(values);
      if (!user) {
        const checked = await validateWith(createUserSchema, fields, 'user');
        if (!checked.ok) return fail(checked.errors);
        const { email, role, profile } = checked.value;
        const reply = await users.createUser({ email, role, profile: { name: profile.name, jobTitle: profile.jobTitle } });
        return reply.Success || fail(reply.Errors);
      }
      const id = String(user.ID);
      const checked = await validateWith(updateUserSchema, fields, 'user');
      if (!checked.ok) return fail(checked.errors);
      const { email, role, profile } = checked.value;
      const reply = await users.updateUser(id, { email, role, profile: { name: profile?.name, jobTitle: profile?.jobTitle } });
      if (!reply.Success) return fail(reply.Errors);
      if (signedIn?.ID === id) await refreshUser();
      return true;
    },
  });

  function fail(found: Parameters<typeof errors.set>[1]): false {
    errors.set('users-overview', found);
    return false;
  }
}
