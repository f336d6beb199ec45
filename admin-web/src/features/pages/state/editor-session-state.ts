import type { PageDetails, PageVersionView, PublicationRequestView } from '@pagelog/contracts/pages/page';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import type { PageAction } from '@pagelog/contracts/pages/page-actions';
import type { LinkWarning } from './describe-link-warnings';
import type { EditorState } from './editor-state';
import type { LocalDraft } from './local-draft-store';

/** A success message for the status region: an i18n key of pages.editor.messages. */
export interface EditorMessage {
  key: 'saved' | 'merged' | 'published' | 'unpublished' | 'requested' | 'accepted' | 'rejected' | 'revoked' | 'resent';
  /** Grows with every message, so the same text twice is announced twice. */
  id: number;
}

/** What the editor is busy with (its button shows it and the others wait): a toolbar action or adding a translation. */
export type BusyAction = PageAction | 'addTranslation';

/**
 * What the last autosave did (decision 0019), for the quiet line beside the title: nothing yet,
 * on its way, stored at a time, refused (the reason stays until the next try), or stopped by a
 * newer version that the conflict notice asks about.
 */
export type AutosaveStatus =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; at: string }
  | { state: 'failed'; error: ErrorItem }
  | { state: 'conflict' };

/** The editor's own state, beside the server's page and draft (which are queries). */
export interface EditorSessionState {
  /** null until the page and its draft were first read. */
  editor: EditorState | null;
  busy: BusyAction | null;
  message: EditorMessage | null;
  /** Unsaved work found in this browser that differs from the server's page, until restored or discarded. */
  localDraft: LocalDraft | null;
  /** After a save stopped on invalid input: forms show every message, not only those of touched fields. */
  showAllErrors: boolean;
  autosave: AutosaveStatus;
  /** The links the last save or publication warned about (pages not on the site), until the next one or until dismissed. */
  linkWarnings: readonly LinkWarning[];
}

/** Where the editor finds a page's open publication request: nowhere, in its draft, or in a read of its own. */
export type RequestSource = { kind: 'none' } | { kind: 'draft'; request: PublicationRequestView } | { kind: 'read'; versionId: string };

export function requestSource(page: PageDetails, version: PageVersionView | null): RequestSource {
  if (!page.hasPublicationRequest && !page.openRequest) return { kind: 'none' };
  const fromVersion = version?.publicationRequest;
  if (fromVersion && fromVersion.status === 'requested') return { kind: 'draft', request: fromVersion };
  return { kind: 'read', versionId: page.openRequest?.versionId ?? page.draftVersionID };
}

/** The request of a fetch-request-comment answer, with the comment filled in. */
export function requestOfAnswer(data: { comment: string; request: PublicationRequestView | null } | undefined): PublicationRequestView | null {
  const request = data?.request;
  return request ? { ...request, comment: request.comment || data.comment } : null;
}

/** The editor's own collection, and the one of publication and its store variants (spec section 7). */
