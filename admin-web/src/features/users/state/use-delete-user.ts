import { useMutation } from '@tanstack/react-query';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { useUsersApi } from './use-users-api';

/** Deletes a user by ID; a refusal's errors go into users-overview, cleared first. Resolves whether it worked. */
export function useDeleteUser() {
  const users = useUsersApi();
  const errors = useErrorStore();
  return useMutation({
    mutationFn: async (id: string): Promise<boolean> => {
      errors.clear('users-overview');
      const reply = await users.deleteUser(id);
      if (reply.Success) return true;
      errors.set('users-overview', reply.Errors);
      return false;
    },
  });
}
