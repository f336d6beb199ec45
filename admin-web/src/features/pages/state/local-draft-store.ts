import { dequal } from 'dequal';
import type { VersionContent } from '@pagelog/contracts/pages/page';
import type { PageSettingsValues } from './editor-state';

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
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export interface LocalDraftStore {
  save(draft: LocalDraft): void;
  /** The page's kept draft, or null (none, or unreadable). */
  load(pageId: string): LocalDraft | null;
  clear(pageId: string): void;
}

/**
 * Versions before this key format kept drafts per page only, so whoever signed in next on the
 * same browser was offered them. They belong to no known user: never read, deleted by
 * forgetDrafts (not migrated: adopting one would hand it to whoever signs in first).
 */
const LEGACY_KEY_PREFIX = 'pagelog.page-draft.';
const KEY_PREFIX = 'pagelog:draft:';

/** Every key of one user's drafts starts so; the id is encoded so no id can reach into another's. */
function userKeyPrefix(userId: string): string {
  return `${KEY_PREFIX}${encodeURIComponent(userId)}:`;
}

export function draftKey(userId: string, pageId: string): string {
  return `${userKeyPrefix(userId)}${pageId}`;
}

/**
 * Keeps the unsaved work of one signed-in user per page, so a crash, a closed tab or an ended
 * session loses nothing, and nobody else who signs in on this browser is offered it. A storage
 * that refuses (full, disabled, private mode) only costs that safety net: it is logged, never
 * thrown into the editor.
 */
export function createLocalDraftStore(storage: DraftStorage | null, userId: string): LocalDraftStore {
  return {
    save(draft) {
      if (!storage) return;
      try {
        storage.setItem(draftKey(userId, draft.pageId), JSON.stringify(draft));
      } catch (error) {
        console.error('The unsaved changes could not be kept in this browser.', error);
      }
    },
    load(pageId) {
      if (!storage) return null;
      let text: string | null;
      try {
        text = storage.getItem(draftKey(userId, pageId));
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
        storage.removeItem(draftKey(userId, pageId));
      } catch {
        // Nothing to keep safe: the draft was saved.
      }
    },
  };
}

/** Deletes every draft the user kept in this browser, and every draft of the old per-page format. */
export function forgetDrafts(storage: DraftStorage | null, userId: string): void {
  if (!storage) return;
  const prefix = userKeyPrefix(userId);
  try {
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key !== null && (key.startsWith(prefix) || key.startsWith(LEGACY_KEY_PREFIX))) keys.push(key);
    }
    // Removing shifts the indexes, so only once they are all known.
    for (const key of keys) storage.removeItem(key);
  } catch (error) {
    console.error('The unsaved changes kept in this browser could not be deleted.', error);
  }
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
  return !dequal(draft.content, content) || !dequal(draft.settings, settings);
}

/** localStorage when the browser offers it. */
export function browserStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
