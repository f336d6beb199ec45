import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { PageEditorSnapshot, PageEditorStore } from './page-editor-store';

const PageEditorContext = createContext<PageEditorStore | null>(null);

/** The store of the page being edited, for the editor's components. */
export function PageEditorProvider({ store, children }: { store: PageEditorStore; children: ReactNode }) {
  return <PageEditorContext.Provider value={store}>{children}</PageEditorContext.Provider>;
}

export function usePageEditorStore(): PageEditorStore {
  const store = useContext(PageEditorContext);
  if (!store) throw new Error('usePageEditorStore must be used inside PageEditorProvider');
  return store;
}

/** The editor's state, re-rendering on every change. */
export function usePageEditorState(): PageEditorSnapshot {
  const store = usePageEditorStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
