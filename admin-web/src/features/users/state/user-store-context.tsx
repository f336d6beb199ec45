import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useApi } from '../../../core/api/api-context';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { useCurrentUser } from '../../../core/session/current-user';
import { createUsersApi, type UsersApi } from '../api/users-api';
import { createUserStore, type UserState, type UserStore } from './user-store';

interface UserStoreContextValue {
  store: UserStore;
  users: UsersApi;
}

const UserStoreContext = createContext<UserStoreContextValue | null>(null);

/** One user store for the app, following the signed-in user. */
export function UserStoreProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const errors = useErrorStore();
  const { user, refreshUser } = useCurrentUser();
  const refreshRef = useRef(refreshUser);
  useEffect(() => {
    refreshRef.current = refreshUser;
  }, [refreshUser]);
  const [value] = useState<UserStoreContextValue>(() => {
    const users = createUsersApi(api);
    return { users, store: createUserStore({ users, errors, refreshCurrentUser: () => refreshRef.current() }) };
  });

  useEffect(() => {
    value.store.setCurrentUser(user);
  }, [value, user]);

  return <UserStoreContext.Provider value={value}>{children}</UserStoreContext.Provider>;
}

function useUserStoreContext(): UserStoreContextValue {
  const value = useContext(UserStoreContext);
  if (!value) throw new Error('the user store is used outside UserStoreProvider');
  return value;
}

export function useUserStore(): UserStore {
  return useUserStoreContext().store;
}

export function useUsersApi(): UsersApi {
  return useUserStoreContext().users;
}

export function useUserState(): UserState {
  const store = useUserStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
