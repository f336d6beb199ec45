import { useEffect } from 'react';
import type { PageEditorSession } from './use-page-editor-session';

/** How long typing must have stopped before the editor stores the draft by itself (decision 0019). */
export const autosaveDelayMs = 3000;

/**
 * Stores the draft by itself a moment after the last edit (decision 0019). The timer starts again
 * with every edit and whenever what held an autosave back changes (a save or call ending, a kept
 * draft decided on, a conflict resolved); whether it may store is decided when it fires.
 */
export function useAutosave({ editor, busy, localDraft, actions }: Pick<PageEditorSession, 'editor' | 'busy' | 'localDraft' | 'actions'>, enabled: boolean): void {
  const { content, conflict } = editor;
  useEffect(() => {
    if (!enabled || busy !== null || localDraft || conflict) return;
    const timer = setTimeout(() => void actions.autosave(), autosaveDelayMs);
    return () => clearTimeout(timer);
  }, [content, busy, localDraft, conflict, enabled, actions]);
}
