import type { ErrorItem } from '@pagelog/contracts/envelope';

/**
 * The named error collections of spec section 3, plus `setup` for the first-run screen and
 * `page-editor` for the editor's own saves, settings, translations, copies and deletion, and
 * `site-structure` for moves in the site structure (the spec names none for these). Each holds
 * the errors of the latest call that feeds it.
 */
export const errorCollectionNames = [
  'login',
  'forgot-password',
  'reset-password',
  'activate-account',
  'setup',
  'create-page',
  'publication-requests',
  'page-editor',
  'site-structure',
  'media',
  'users-overview',
  'user-settings',
  'user-profile-image',
  // The site settings screen's saves (issue 13).
  'site-settings',
  // The search index screen's index-all-pages and remove-all-pages (issue 15).
  'search-index',
  // A page's tags saved from the page editor, and the tags screen's renames and merges (issue 15).
  'page-tags',
  'tags',
  // The Forms area's handling, spam reviews and erasures (issue 16).
  'forms',
  // The newsletter popup module's saves (issue 16).
  'newsletter-popup',
  // A page's scheduled publication and unpublication, set in the editor (issue 17).
  'page-schedule',
  // The releases screens' commands: create, edit, pages, schedule, publish, rollback, delete (issue 17).
  'releases',
] as const;

export type ErrorCollectionName = (typeof errorCollectionNames)[number];

export interface ErrorStore {
  get(name: ErrorCollectionName): readonly ErrorItem[];
  /** Replaces the collection's errors. */
  set(name: ErrorCollectionName, errors: readonly ErrorItem[]): void;
  /** Appends to the collection's errors. */
  add(name: ErrorCollectionName, errors: readonly ErrorItem[]): void;
  clear(name: ErrorCollectionName): void;
  subscribe(listener: () => void): () => void;
}

const none: readonly ErrorItem[] = Object.freeze([]);

export function createErrorStore(): ErrorStore {
  const collections = new Map<ErrorCollectionName, readonly ErrorItem[]>();
  const listeners = new Set<() => void>();

  function put(name: ErrorCollectionName, errors: readonly ErrorItem[]) {
    const current = collections.get(name) ?? none;
    if (current.length === 0 && errors.length === 0) return;
    collections.set(name, errors.length === 0 ? none : Object.freeze([...errors]));
    for (const listener of [...listeners]) listener();
  }

  return {
    get: (name) => collections.get(name) ?? none,
    set: put,
    add: (name, errors) => put(name, [...(collections.get(name) ?? none), ...errors]),
    clear: (name) => put(name, none),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
