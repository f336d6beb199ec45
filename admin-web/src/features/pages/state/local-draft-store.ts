import type { VersionContent } from '@pagelog/contracts/pages/page';
import type { PageSettingsValues } from './editor-state';
import { sameValue } from './same-value';

/** The editor's unsaved work on a page, kept in the browser until it is saved. */
export interface LocalDraft {
  pageId: string;
  /** The page revision the work is based on: a store from it lets the API merge. */
  revision: number;
  versionId: string;
  content: VersionContent;
  settings: PageSettingsValues;
  /** ISO time of the latest change. */
  savedAt: string;
}

/** The part of the Web Storage API the store uses (localStorage in the browser, a fake in specs). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface LocalDraftStore {
  save(draft: LocalDraft): void;
  /** The page's kept draft, or null (none, or unreadable). */
  load(pageId: string): LocalDraft | null;
  clear(pageId: string): void;
}

const KEY_PREFIX = 'pagelog.page-draft.';

export function draftKey(pageId: string): string {
  return `${KEY_PREFIX}${pageId}`;
}

/**
 * Keeps unsaved work per page, so a crash, a closed tab or an ended session loses nothing. A
 * storage that refuses (full, disabled, private mode) only costs that safety net: it is logged,
 * never thrown into the editor.
 */
export function createLocalDraftStore(storage: DraftStorage | null): LocalDraftStore {
  return {
    save(draft) {
      if (!storage) return;
      try {
        storage.setItem(draftKey(draft.pageId), JSON.stringify(draft));
      } catch (error) {
        console.error('The unsaved changes could not be kept in this browser.', error);
      }
    },
    load(pageId) {
      if (!storage) return null;
      let text: string | null;
      try {
        text = storage.getItem(draftKey(pageId));
      } catch {
        return null;
      }
      if (text === null) return null;
      try {
        const draft = JSON.parse(text) as Partial<LocalDraft>;
        if (!isDraft(draft) || draft.pageId !== pageId) return null;
        return draft;
      } catch {
        return null;
      }
    },
    clear(pageId) {
      if (!storage) return;
      try {
        storage.removeItem(draftKey(pageId));
      } catch {
        // Nothing to keep safe: the draft was saved.
      }
    },
  };
}

function isDraft(value: Partial<LocalDraft>): value is LocalDraft {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof value.pageId === 'string' &&
    typeof value.revision === 'number' &&
    typeof value.savedAt === 'string' &&
    typeof value.content === 'object' &&
    value.content !== null &&
    Array.isArray(value.content.blocks) &&
    typeof value.settings === 'object' &&
    value.settings !== null
  );
}

/** Whether a kept draft holds anything the page as the server has it does not. */
export function draftDiffers(draft: LocalDraft, content: VersionContent, settings: PageSettingsValues): boolean {
  return !sameValue(draft.content, content) || !sameValue(draft.settings, settings);
}

/** localStorage when the browser offers it. */
export function browserStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
