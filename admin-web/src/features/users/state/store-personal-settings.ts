import type { ErrorStore } from '../../../core/errors/error-store';
import type { UpdateUserBody, UsersApi } from '../api/users-api';

/** What the profile image should become: removed, or replaced by a new file. */
export interface ImageRequest {
  remove: boolean;
  file: Blob | null;
}

export interface PersonalSettings {
  userId: string;
  /** The user data part: profile and, when changing the password, the three password fields. */
  user: UpdateUserBody;
  /** null when the image stays as it is. */
  image: ImageRequest | null;
}

/**
 * Storing personal settings, in the order of spec section 4: first the user data; then, if there
 * is an image request, delete the image when removal is requested, otherwise upload the new image
 * if there is one. A failed user-data call stops there, so nothing of the image changes while the
 * form still shows errors; its errors go into users-overview and user-settings (spec section 8).
 * Image failures add their errors to user-profile-image. Resolves whether everything was stored.
 */
export async function storePersonalSettings(
  { users, errors }: { users: Pick<UsersApi, 'updateUser' | 'deleteImage' | 'uploadImage'>; errors: ErrorStore },
  { userId, user, image }: PersonalSettings,
): Promise<boolean> {
  errors.clear('users-overview');
  errors.clear('user-settings');
  errors.clear('user-profile-image');

  const stored = await users.updateUser(userId, user);
  if (!stored.Success) {
    errors.set('users-overview', stored.Errors);
    errors.set('user-settings', stored.Errors);
    return false;
  }

  if (!image) return true;
  const reply = image.remove ? await users.deleteImage(userId) : image.file ? await users.uploadImage(userId, image.file) : null;
  if (reply && !reply.Success) {
    errors.add('user-profile-image', reply.Errors);
    return false;
  }
  return true;
}
