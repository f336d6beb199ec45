import { createContext, useContext, type ReactNode } from 'react';
import type { PageEditorSession } from './use-page-editor-session';

const PageEditorContext = createContext<PageEditorSession | null>(null);

/** The page being edited, for the editor's components. */
export function PageEditorProvider({ session, children }: { session: PageEditorSession; children: ReactNode }) {
  return <PageEditorContext.Provider value={session}>{children}</PageEditorContext.Provider>;
}

export function usePageEditor(): PageEditorSession {
  const session = useContext(PageEditorContext);
  if (!session) throw new Error('usePageEditor must be used inside PageEditorProvider');
  return session;
}
