import type { PermissionGrant } from '@pagelog/contracts/permissions';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { UserView } from '@pagelog/contracts/users/user';
import { createUserSchema, updateUserSchema } from '@pagelog/contracts/users/schemas';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import type { FetchPage } from '../../../components/paginated-list/paginated-list-controller';
import type { ErrorStore } from '../../../core/errors/error-store';
import { validateWith } from '../../../core/errors/validation-errors';
import type { CurrentUser } from '../../../core/session/current-user';
import type { UsersApi } from '../api/users-api';
import { storePersonalSettings, type ImageRequest } from './store-personal-settings';

/** Client user state, spec section 3. */
export interface UserState {
  /** The users of the latest list page, by ID. */
  byId: Readonly<Record<string, UserView>>;
  currentUserID: string | 0;
  permissions: readonly PermissionGrant[];
  /** Each cleared when its action is requested and set when it succeeds (spec section 4). */
  created: boolean;
  updated: boolean;
  deleted: boolean;
  stored: boolean;
}

/** The fields of the add and edit forms. */
export interface UserFormValues {
  name: string;
  email: string;
  jobTitle: string;
  /** The role's ID. */
  role: string;
}

/** The fields of the personal settings form. */
export interface SettingsFormValues {
  name: string;
  jobTitle: string;
  currentPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

export interface UserStore {
  getState(): UserState;
  subscribe(listener: () => void): () => void;
  setCurrentUser(user: CurrentUser | null): void;
  /** The user list's fetch for the paginated list; a failed call rejects (the list logs it). */
  fetchPage: FetchPage<UserView>;
  /** Runs the listener after a user was created, updated or deleted: the list re-fetches. */
  onListChanged(listener: () => Promise<void> | void): () => void;
  createUser(values: UserFormValues): Promise<boolean>;
  updateUser(id: string, values: UserFormValues): Promise<boolean>;
  deleteUser(id: string): Promise<boolean>;
  storeSettings(values: SettingsFormValues, image: ImageRequest | null): Promise<boolean>;
}

export interface UserStoreOptions {
  users: UsersApi;
  errors: ErrorStore;
  /** Re-reads the signed-in user after they changed themselves. */
  refreshCurrentUser?: () => Promise<void>;
}

const initialState: UserState = {
  byId: {},
  currentUserID: 0,
  permissions: [],
  created: false,
  updated: false,
  deleted: false,
  stored: false,
};

/**
 * The user actions of spec section 4. Each clears its success flag on request and sets it on
 * success; a reply with Success false puts its Errors into users-overview, cleared first.
 * Client-side checks use the contract's schemas, so their errors read the same as the server's.
 */
export function createUserStore({ users, errors, refreshCurrentUser = async () => {} }: UserStoreOptions): UserStore {
  let state = initialState;
  const listeners = new Set<() => void>();
  const listListeners = new Set<() => Promise<void> | void>();

  function update(change: Partial<UserState>) {
    state = { ...state, ...change };
    for (const listener of [...listeners]) listener();
  }

  async function listChanged() {
    await Promise.all([...listListeners].map(async (listener) => listener()));
  }

  function fail(collection: 'users-overview', found: readonly ErrorItem[]): false {
    errors.set(collection, found);
    return false;
  }

  async function refreshIfSelf(id: string) {
    if (String(state.currentUserID) === id) await refreshCurrentUser();
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    setCurrentUser(user) {
      update({ currentUserID: user ? user.ID : 0, permissions: user ? [...user.grants] : [] });
    },

    async fetchPage(pageIndex, pageSize, searchTerm, columnToSort, sortOrder) {
      const reply = await users.listUsers({ pageIndex, pageSize, searchTerm, columnToSort, sortOrder });
      if (!reply.Success || !reply.data) throw new Error(`The user list could not be loaded (status ${reply.status}).`);
      const items = Array.isArray(reply.data.items) ? reply.data.items : [];
      update({ byId: Object.fromEntries(items.map((user) => [String(user.ID), user])) });
      return { items, totalItems: reply.data.totalItems };
    },

    onListChanged(listener) {
      listListeners.add(listener);
      return () => listListeners.delete(listener);
    },

    async createUser(values) {
      update({ created: false });
      errors.clear('users-overview');
      const checked = await validateWith(
        createUserSchema,
        { email: values.email, role: values.role, profile: { name: values.name, jobTitle: values.jobTitle } },
        'user',
      );
      if (!checked.ok) return fail('users-overview', checked.errors);
      const reply = await users.createUser({
        email: checked.value.email,
        role: checked.value.role,
        profile: { name: checked.value.profile.name, jobTitle: checked.value.profile.jobTitle },
      });
      if (!reply.Success) return fail('users-overview', reply.Errors);
      update({ created: true });
      await listChanged();
      return true;
    },

    async updateUser(id, values) {
      update({ updated: false });
      errors.clear('users-overview');
      const checked = await validateWith(
        updateUserSchema,
        { email: values.email, role: values.role, profile: { name: values.name, jobTitle: values.jobTitle } },
        'user',
      );
      if (!checked.ok) return fail('users-overview', checked.errors);
      const reply = await users.updateUser(id, {
        email: checked.value.email,
        role: checked.value.role,
        profile: { name: checked.value.profile?.name, jobTitle: checked.value.profile?.jobTitle },
      });
      if (!reply.Success) return fail('users-overview', reply.Errors);
      update({ updated: true });
      await Promise.all([listChanged(), refreshIfSelf(id)]);
      return true;
    },

    async deleteUser(id) {
      update({ deleted: false });
      errors.clear('users-overview');
      const reply = await users.deleteUser(id);
      if (!reply.Success) return fail('users-overview', reply.Errors);
      const { [id]: _removed, ...rest } = state.byId;
      update({ deleted: true, byId: rest });
      await listChanged();
      return true;
    },

    async storeSettings(values, image) {
      update({ stored: false });
      errors.clear('user-settings');
      errors.clear('user-profile-image');
      const userId = String(state.currentUserID);
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
      const ok = await storePersonalSettings({ users, errors }, { userId, user: body, image });
      // The name or image may have changed even when the image step failed.
      await refreshCurrentUser();
      if (ok) update({ stored: true });
      return ok;
    },
  };
}
