import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { createErrorStore, type ErrorCollectionName, type ErrorStore } from './error-store';

const ErrorStoreContext = createContext<ErrorStore | null>(null);

export function ErrorStoreProvider({ store, children }: { store?: ErrorStore; children: ReactNode }) {
  const [value] = useState(() => store ?? createErrorStore());
  return <ErrorStoreContext.Provider value={value}>{children}</ErrorStoreContext.Provider>;
}

export function useErrorStore(): ErrorStore {
  const store = useContext(ErrorStoreContext);
  if (!store) throw new Error('useErrorStore must be used inside ErrorStoreProvider');
  return store;
}

/** The errors of one collection, re-rendering when they change. */
export function useErrorCollection(name: ErrorCollectionName): readonly ErrorItem[] {
  const store = useErrorStore();
  return useSyncExternalStore(store.subscribe, () => store.get(name), () => store.get(name));
}
