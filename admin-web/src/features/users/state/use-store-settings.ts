import { useMutation } from '@tanstack/react-query';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { updateUserSchema } from '@pagelog/contracts/users/schemas';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { validateWith } from '../../../core/errors/validation-errors';
import { useCurrentUser } from '../../../core/session/current-user';
import { storePersonalSettings, type ImageRequest } from './store-personal-settings';
import { useUsersApi } from './use-users-api';

/** The fields of the personal settings form. */
export interface SettingsFormValues {
  name: string;
  jobTitle: string;
  currentPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/**
 * Stores the signed-in user's personal settings (see storePersonalSettings), after checking them
 * against the contract: the password fields go only when one of them is filled, and then need
 * the current password. The user is read again afterwards (the name or image may have changed even
 * when the image step failed). Resolves whether everything was stored.
 */
export function useStoreSettings() {
  const users = useUsersApi();
  const errors = useErrorStore();
  const { user, refreshUser } = useCurrentUser();
  return useMutation({
    mutationFn: async ({ values, image }: { values: SettingsFormValues; image: ImageRequest | null }): Promise<boolean> => {
      errors.clear('user-settings');
      errors.clear('user-profile-image');
      const changingPassword = values.currentPassword !== '' || values.newPassword !== '' || values.confirmNewPassword !== '';
      const body = {
        profile: { name: values.name, jobTitle: values.jobTitle },
        ...(changingPassword
          ? { currentPassword: values.currentPassword, newPassword: values.newPassword, confirmNewPassword: values.confirmNewPassword }
          : {}),
      };
      const checked = await validateWith(updateUserSchema, body, 'user');
      const found = checked.ok ? [] : [...checked.errors];
      // The schema checks the new password only once a current one is given; a new password
      // without the current one would only fail on the server.
      if (changingPassword && values.currentPassword === '') found.unshift(errorItem('V_01', 'currentPassword', 'user'));
      if (changingPassword && values.newPassword === '' && !found.some((error) => error.property === 'newPassword')) {
        found.push(errorItem('V_01', 'newPassword', 'user'));
      }
      if (found.length > 0) {
        errors.set('user-settings', found);
        return false;
      }
      const ok = await storePersonalSettings({ users, errors }, { userId: user?.ID ?? '', user: body, image });
      await refreshUser();
      return ok;
    },
  });
}
