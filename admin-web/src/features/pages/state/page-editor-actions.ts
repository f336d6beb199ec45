import { dequal } from 'dequal';
import type { QueryClient } from '@tanstack/react-query';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { CreatedPage, PageDetails, PageVersionView, PublicationRequestView, StoreConflictData, VersionContent } from '@pagelog/contracts/pages/page';
import {
  createTranslationSchema,
  duplicatePageSchema,
  rejectPublicationSchema,
  requestPublicationSchema,
  resendPublicationSchema,
} from '@pagelog/contracts/pages/schemas';
import type { ApiClient, ApiReply } from '../../../core/api/api-client';
import { EndpointError } from '../../../core/api/endpoint-query';
import type { ErrorCollectionName, ErrorStore } from '../../../core/errors/error-store';
import { validateWith } from '../../../core/errors/validation-errors';
import { pageQueries } from '../api/page-queries';
import type { PagesApi, StoreMode } from '../api/pages-api';
import {
  contentChanged,
  editorReducer,
  settingsChanged,
  type EditorAction,
  type EditorState,
  type PageSettingsValues,
} from './editor-state';
import { pageSettingsOf } from './initial-editor-state';
import { anchorsTakenRemotely, checkEditor } from './editor-checks';
import { carriedErrors } from './carried-errors';
import { describeLinkWarnings } from './describe-link-warnings';
import { requestSource, type BusyAction, type EditorMessage, type EditorSessionState } from './editor-session-state';
import { firstErrorPerProperty } from './first-error-per-property';
import type { LocalDraftStore } from './local-draft-store';

export interface PageEditorActions {
  dispatch(action: EditorAction): void;
  /** Save: page settings when they changed, then the version. Resolves whether it worked. */
  save(): Promise<boolean>;
  /**
   * Stores the version content by itself (decision 0019) when it may: it differs from the saved
   * one, passes the checks, may be saved (no request pins it), and nothing else is on its way.
   * Never the page settings (a slug moves the page at once). Resolves whether it stored.
   */
  autosave(): Promise<boolean>;
  saveAndPublish(): Promise<boolean>;
  publish(): Promise<boolean>;
  /** With unsaved changes (and edit-page) it stores them and unpublishes in one call. */
  unpublish(): Promise<boolean>;
  requestPublication(comment: string): Promise<boolean>;
  acceptRequest(feedback: string): Promise<boolean>;
  rejectRequest(feedback: string): Promise<boolean>;
  revokeRequest(): Promise<boolean>;
  resendRequest(comment: string): Promise<boolean>;
  /** After a conflict: store the editor's version over the newer one. */
  keepMine(): Promise<boolean>;
  /** After a conflict: drop the editor's clashing work and take the newer version. */
  useSaved(): void;
  restoreLocalDraft(): void;
  discardLocalDraft(): void;
  /** Leaving without saving: the work kept in the browser goes too. */
  forgetUnsaved(): void;
  /** Closes the notice of links to pages that are not published. */
  dismissLinkWarnings(): void;
  createTranslation(values: { newLocale: string; title: string; slug: string }): Promise<string | null>;
  duplicate(values: { locale: string; title: string; slug: string }): Promise<string | null>;
  deletePage(): Promise<boolean>;
}

export interface PageEditorActionsOptions {
  pageId: string;
  api: ApiClient;
  queryClient: QueryClient;
  pages: PagesApi;
  errors: ErrorStore;
  drafts: LocalDraftStore;
  /** The editor's state as it is now (also after an await), and a change of it. */
  state: () => EditorSessionState;
  update: (change: Partial<EditorSessionState>) => void;
  /** The open publication request as shown, and the signed-in user's permission names, as they are now. */
  request: () => PublicationRequestView | null;
  permissions: () => readonly string[];
  now?: () => Date;
  logError?: (message: string, detail?: unknown) => void;
}

const EDITOR_ERRORS: ErrorCollectionName = 'page-editor';
const PUBLICATION_ERRORS: ErrorCollectionName = 'publication-requests';

const settingsFields = ['slug', 'anchor', 'typeData'] as const;

/**
 * The errors a refused save put into a collection, so that the list follows the editor's edits:
 * the client checks run again (when they were what refused it), and the rest is carried while it
 * still stands. `list` is what was last shown: a list someone else changed is no longer followed.
 */
interface ShownErrors {
  collection: ErrorCollectionName;
  checked: boolean;
  others: readonly ErrorItem[];
  at: EditorState;
  list: readonly ErrorItem[];
}

/**
 * Everything the page editor does. Edits go through the pure editorReducer; the calls follow
 * decision 0004: settings, then the version with the revision it is based on (so the API merges
 * stale saves or answers 409 with the newer version, which the editor keeps next to its own
 * work); publication calls report into publication-requests. Every command's position makes the
 * page's reads stale (see ApiProvider); the editor takes the fresh draft in after a merge or a
 * publication call, unless it holds unsaved work. Unsaved work is kept in the browser until it is
 * saved.
 */
export function createPageEditorActions({
  pageId,
  api,
  queryClient,
  pages,
  errors,
  drafts,
  state,
  update,
  request,
  permissions,
  now = () => new Date(),
  logError = (message, detail) => console.error(message, detail),
}: PageEditorActionsOptions): PageEditorActions {
  let messageId = 0;
  let shown: ShownErrors | null = null;
  /** The autosave on its way, which every other store or call waits for. */
  let autosaving: Promise<boolean> | null = null;
  /** Content an autosave failed on: not tried again until it changes (no retry loop). */
  let autosaveFailedOn: VersionContent | null = null;

  function say(key: EditorMessage['key']) {
    update({ message: { key, id: ++messageId } });
  }

  /** The page as last read. */
  function page(): PageDetails | undefined {
    return queryClient.getQueryData(pageQueries.get(api, pageId).queryKey);
  }

  /** Keeps unsaved work in the browser (not while an older kept draft still waits for a decision). */
  function keepDraft(editor: EditorState) {
    if (state().localDraft) return;
    if (!editor.unsaved) {
      drafts.clear(pageId);
      return;
    }
    drafts.save({
      pageId,
      revision: editor.contentRevision,
      versionId: editor.versionId,
      content: editor.content,
      settings: editor.settings,
      savedAt: now().toISOString(),
    });
  }

  function dispatch(action: EditorAction) {
    const before = state().editor;
    if (!before) return;
    const editor = editorReducer(before, action);
    if (editor === before) return;
    // An edit makes the last success message stale ("Page saved." no longer holds).
    const edited = editor.content !== before.content || editor.settings !== before.settings;
    update(edited ? { editor, message: null } : { editor });
    keepDraft(editor);
    if (edited) void followErrors();
  }

  /** Shows the errors of a refused save, and follows the edits from there. */
  function show(collection: ErrorCollectionName, at: EditorState, found: readonly ErrorItem[], checked: boolean, others: readonly ErrorItem[] = found): false {
    fail(collection, found);
    shown = { collection, checked, others, at, list: errors.get(collection) };
    // An autosave of the same content would only be refused again.
    autosaveFailedOn = at.content;
    return false;
  }

  /**
   * After an edit: the list of a refused save says what is still wrong. Fixed blocks and fields
   * drop out, the others are named by their place now.
   */
  async function followErrors() {
    const following = shown;
    const editor = state().editor;
    if (!following || !editor) return;
    const fresh = following.checked ? firstErrorPerProperty(await checkEditor(editor, settingsChanged(editor), checkContext())) : [];
    // A newer edit follows instead; a save or another call started a list of its own.
    if (shown !== following || state().editor !== editor) return;
    if (errors.get(following.collection) !== following.list) {
      shown = null;
      return;
    }
    errors.set(following.collection, [...fresh, ...carriedErrors(following.others, following.at, editor)]);
    shown = { ...following, list: errors.get(following.collection) };
  }

  function checkContext() {
    return { pageId, pageTypeId: page()?.type, logError };
  }

  /** Waits for an autosave on its way, so that no two stores of this editor cross. */
  async function autosaveSettled() {
    while (autosaving) await autosaving;
  }

  function fail(collection: ErrorCollectionName, found: readonly ErrorItem[]): false {
    errors.set(collection, found.length > 0 ? found : [errorItem('G_01')]);
    return false;
  }

  /** The page read again, at least as new as the last command. */
  function readPage(): Promise<PageDetails> {
    return queryClient.fetchQuery(pageQueries.get(api, pageId));
  }

  /**
   * After a merge or a publication call: the page and its draft read again, with the open request;
   * the editor takes the draft in when nothing unsaved would be lost.
   */
  async function reload() {
    let fresh: PageDetails;
    let version: PageVersionView | undefined;
    try {
      fresh = await readPage();
      version = (await queryClient.fetchQuery(pageQueries.version(api, fresh.draftVersionID))).pageVersion;
    } catch (error) {
      logError('The page could not be loaded again.', error);
      return;
    }
    if (!version) return;
    const source = requestSource(fresh, version);
    if (source.kind === 'read') await queryClient.fetchQuery(pageQueries.requestComment(api, source.versionId)).catch(() => undefined);
    const editor = state().editor;
    if (editor && !editor.unsaved) dispatch({ type: 'loaded', page: fresh, version });
  }

  /** After a plain store: the page's status, dates and draft id, without touching the editor. */
  async function refreshPage() {
    await readPage().catch((error: unknown) => logError('The page could not be loaded again.', error));
  }

  /**
   * PUT /page/{id}/save. A 409 means the page moved on since the editor's revision: when nobody
   * else changed the settings the editor changed, the save is sent again on the newer revision
   * (with their other settings kept); otherwise it is a conflict for the editor to resolve.
   */
  async function saveSettings(collection: ErrorCollectionName): Promise<boolean> {
    const editor = state().editor!;
    const sent: PageSettingsValues = editor.settings;
    const body = (settings: PageSettingsValues, revision: number) => ({
      slug: settings.slug.trim(),
      shouldUpdateLinks: settings.slug.trim() !== editor.saved.settings.slug && editor.shouldUpdateLinks,
      anchor: settings.anchor.trim(),
      typeData: settings.typeData,
      revision,
    });
    let settings = sent;
    let reply = await pages.save(pageId, body(sent, editor.revision));
    let contentUnaffected = editor.revision === editor.contentRevision;
    if (reply.status === 409) {
      let fresh: PageDetails;
      try {
        fresh = await readPage();
      } catch (error) {
        return fail(collection, error instanceof EndpointError ? error.errors : []);
      }
      const theirs = pageSettingsOf(fresh);
      const base = editor.saved.settings;
      const clashes = settingsFields.filter(
        (field) => !dequal(sent[field], base[field]) && !dequal(theirs[field], base[field]) && !dequal(sent[field], theirs[field]),
      );
      if (clashes.length > 0) {
        dispatch({
          type: 'conflict',
          conflict: { currentRevision: fresh.revision, conflicts: clashes.map((field) => `settings.${field}`), currentSettings: theirs },
        });
        return false;
      }
      // Their changes to other settings stay; the editor's go on top.
      settings = { ...theirs };
      for (const field of settingsFields) if (!dequal(sent[field], base[field])) Object.assign(settings, { [field]: sent[field] });
      reply = await pages.save(pageId, body(settings, fresh.revision));
      contentUnaffected = false;
    }
    if (!reply.Success || !reply.data) return show(collection, editor, reply.Errors, false);
    dispatch({ type: 'settingsSaved', sent, settings, revision: reply.data.revision, contentUnaffected, versionId: reply.data.pageVersionID });
    return true;
  }

  async function saveWith(mode: StoreMode, collection: ErrorCollectionName, busy: BusyAction): Promise<boolean> {
    if (!state().editor || state().busy) return false;
    update({ busy });
    try {
      // An autosave on its way goes first; this save takes what came after it.
      await autosaveSettled();
      const start = state().editor!;
      shown = null;
      update({ linkWarnings: [] });
      errors.clear(collection);
      if (collection !== EDITOR_ERRORS) errors.clear(EDITOR_ERRORS);
      const withSettings = settingsChanged(start);
      const problems = await checkEditor(start, withSettings, checkContext());
      if (problems.length > 0) {
        update({ showAllErrors: true });
        return show(collection, start, firstErrorPerProperty(problems), true, []);
      }
      const taken = await anchorsTakenRemotely(start, pages, logError);
      if (taken.length > 0) {
        update({ showAllErrors: true });
        return show(collection, start, taken, true);
      }
      if (withSettings && !(await saveSettings(collection))) return false;

      let merged = false;
      const editor = state().editor!;
      // A save of settings alone does not store an unchanged version; publishing always stores.
      if (mode !== 'store' || contentChanged(editor) || !withSettings) {
        const content: VersionContent = editor.content;
        const reply = await pages.store(editor.versionId, { pageID: pageId, revision: editor.contentRevision, ...content }, mode);
        const conflict = reply.data as unknown as StoreConflictData | null;
        if (reply.status === 409 && conflict?.current) {
          dispatch({
            type: 'conflict',
            conflict: { currentRevision: conflict.currentRevision, conflicts: conflict.conflicts ?? [], current: conflict.current },
          });
          return false;
        }
        if (!reply.Success || !reply.data) return show(collection, editor, reply.Errors, false);
        dispatch({ type: 'versionStored', content, versionId: reply.data.pageVersionID, revision: reply.data.revision });
        merged = reply.data.merged === true;
        // Stored all the same; the editor is told which links do not lead anywhere yet.
        update({ linkWarnings: describeLinkWarnings(reply.Warnings, content.blocks) });
      }
      dispatch({ type: 'saveFinished' });
      autosaveFailedOn = null;
      update({ showAllErrors: false, autosave: { state: 'saved', at: now().toISOString() } });
      // A merge brought in others' changes, and publishing changes the page's status and draft.
      if (merged || mode !== 'store') await reload();
      else await refreshPage();
      say(merged ? 'merged' : mode === 'publish' ? 'published' : mode === 'unpublish' ? 'unpublished' : 'saved');
      return true;
    } finally {
      update({ busy: null });
    }
  }

  /**
   * Runs a publication call: errors into publication-requests; on success the page again and a
   * message. A call that `publishes` (publish, accept a request) says which links of what went
   * live do not lead anywhere yet, in place of what the last save said.
   */
  async function publicationCall(busy: BusyAction, call: () => Promise<ApiReply<unknown>>, message: EditorMessage['key'], publishes = false): Promise<boolean> {
    if (!page() || state().busy) return false;
    errors.clear(PUBLICATION_ERRORS);
    update(publishes ? { busy, linkWarnings: [] } : { busy });
    try {
      await autosaveSettled();
      const reply = await call();
      if (!reply.Success) return fail(PUBLICATION_ERRORS, reply.Errors);
      // What went live: the draft the editor shows (a publication call sends no content).
      if (publishes) update({ linkWarnings: describeLinkWarnings(reply.Warnings, state().editor?.content.blocks ?? []) });
      await reload();
      say(message);
      return true;
    } finally {
      update({ busy: null });
    }
  }

  /** The version an open request is about (the pinned draft). */
  function requestVersionId(): string {
    const current = page();
    return current?.openRequest?.versionId ?? request()?.versionID ?? current?.draftVersionID ?? '';
  }

  /** A translation or a copy of this page: checked, then asked for; answers the new page's id. */
  async function newPageFromThis<B extends object>(
    schema: Parameters<typeof validateWith>[0],
    body: B,
    busy: BusyAction,
    call: (body: B) => Promise<ApiReply<CreatedPage>>,
  ): Promise<string | null> {
    errors.clear(EDITOR_ERRORS);
    if (!(await checked(schema, body, EDITOR_ERRORS, 'page'))) return null;
    update({ busy });
    try {
      const reply = await call(body);
      if (!reply.Success || !reply.data) return fail(EDITOR_ERRORS, reply.Errors) || null;
      return reply.data.pageID;
    } finally {
      update({ busy: null });
    }
  }

  async function checked<T extends object>(schema: Parameters<typeof validateWith>[0], values: T, collection: ErrorCollectionName, model: string) {
    const result = await validateWith(schema, values, model);
    if (!result.ok) fail(collection, firstErrorPerProperty(result.errors));
    return result.ok;
  }

  /** Whether an autosave may store `editor`'s content now (decision 0019). */
  function mayAutosave(editor: EditorState): boolean {
    const { busy, localDraft } = state();
    // A kept draft still waiting for Restore or Discard: which work goes on is the editor's call.
    if (busy || autosaving || localDraft || editor.conflict || !contentChanged(editor)) return false;
    // The server lists Save only where the draft may change (edit-page, no request pinning it).
    if (!page()?.availableActions.includes('save')) return false;
    return autosaveFailedOn === null || !dequal(editor.content, autosaveFailedOn);
  }

  function autosaveFailed(content: VersionContent, error: ErrorItem): false {
    autosaveFailedOn = content;
    update({ autosave: { state: 'failed', error } });
    return false;
  }

  async function storeAutomatically(start: EditorState): Promise<boolean> {
    const problems = await checkEditor(start, false, checkContext());
    if (problems.length > 0) return autosaveFailed(start.content, firstErrorPerProperty(problems)[0]!);
    if (state().editor?.content !== start.content || !mayAutosaveAfterCheck()) {
      // Typed on meanwhile, or something else started: the next pause tries again.
      return false;
    }
    update({ autosave: { state: 'saving' } });
    const content = start.content;
    const reply = await pages.store(start.versionId, { pageID: pageId, revision: start.contentRevision, ...content, auto: true }, 'store');
    const conflict = reply.data as unknown as StoreConflictData | null;
    if (reply.status === 409 && conflict?.current) {
      dispatch({ type: 'conflict', conflict: { currentRevision: conflict.currentRevision, conflicts: conflict.conflicts ?? [], current: conflict.current } });
      update({ autosave: { state: 'conflict' } });
      return false;
    }
    if (!reply.Success || !reply.data) return autosaveFailed(content, reply.Errors[0] ?? errorItem('G_01'));
    dispatch({ type: 'versionStored', content, versionId: reply.data.pageVersionID, revision: reply.data.revision });
    // Edits made while it was on its way stay unsaved, for the next pause.
    dispatch({ type: 'saveFinished' });
    autosaveFailedOn = null;
    if (shown) {
      // The draft as stored passed every check: what a refused save said no longer holds.
      errors.clear(shown.collection);
      shown = null;
    }
    update({
      autosave: { state: 'saved', at: now().toISOString() },
      showAllErrors: false,
      // As after Save: the links of the stored draft that do not lead anywhere yet.
      linkWarnings: describeLinkWarnings(reply.Warnings, content.blocks),
    });
    if (reply.data.merged === true) {
      await reload();
      say('merged');
    } else {
      await refreshPage();
    }
    return true;
  }

  /** Between the check and the store: still nothing else on its way. */
  function mayAutosaveAfterCheck(): boolean {
    const { busy, localDraft } = state();
    return !busy && !localDraft && !state().editor?.conflict;
  }

  return {
    dispatch,
    save: () => saveWith('store', EDITOR_ERRORS, 'save'),
    autosave() {
      const start = state().editor;
      if (!start || !mayAutosave(start)) return Promise.resolve(false);
      const run = storeAutomatically(start).catch((error: unknown) => {
        logError('The draft could not be saved automatically.', error);
        return autosaveFailed(start.content, errorItem('G_01'));
      });
      const tracked: Promise<boolean> = run.finally(() => {
        if (autosaving === tracked) autosaving = null;
      });
      autosaving = tracked;
      return run;
    },
    saveAndPublish: () => saveWith('publish', PUBLICATION_ERRORS, 'saveAndPublish'),
    publish: () => publicationCall('publish', () => pages.publish(pageId, page()?.revision), 'published', true),
    unpublish() {
      if (state().editor?.unsaved && permissions().includes('edit-page')) return saveWith('unpublish', PUBLICATION_ERRORS, 'unpublish');
      return publicationCall('unpublish', () => pages.unpublish(pageId, page()?.revision), 'unpublished');
    },
    async requestPublication(comment) {
      errors.clear(PUBLICATION_ERRORS);
      if (!(await checked(requestPublicationSchema, { comment }, PUBLICATION_ERRORS, 'publicationRequest'))) return false;
      // Spec section 4: request publication saves the version, then posts the comment.
      if (state().editor?.unsaved) {
        if (!(await saveWith('store', PUBLICATION_ERRORS, 'requestPublication'))) return false;
      }
      return publicationCall('requestPublication', () => pages.requestPublication(pageId, { comment, revision: page()?.revision }), 'requested');
    },
    acceptRequest: (feedback) =>
      publicationCall('reviewRequest', () => pages.acceptPublication(requestVersionId(), { feedback, pageID: pageId }), 'accepted', true),
    async rejectRequest(feedback) {
      errors.clear(PUBLICATION_ERRORS);
      if (!(await checked(rejectPublicationSchema, { feedback, pageID: pageId }, PUBLICATION_ERRORS, 'publicationRequest'))) return false;
      return publicationCall('reviewRequest', () => pages.rejectPublication(requestVersionId(), { feedback, pageID: pageId }), 'rejected');
    },
    revokeRequest: () => publicationCall('revokeRequest', () => pages.revokePublication(requestVersionId(), { pageID: pageId }), 'revoked'),
    async resendRequest(comment) {
      errors.clear(PUBLICATION_ERRORS);
      const body = comment.trim() === '' ? { pageID: pageId } : { comment, pageID: pageId };
      if (!(await checked(resendPublicationSchema, body, PUBLICATION_ERRORS, 'publicationRequest'))) return false;
      return publicationCall('resendRequest', () => pages.resendPublication(requestVersionId(), body), 'resent');
    },
    async keepMine() {
      if (!state().editor?.conflict) return false;
      dispatch({ type: 'keepMine' });
      return saveWith('store', EDITOR_ERRORS, 'save');
    },
    useSaved() {
      dispatch({ type: 'useSaved' });
    },
    restoreLocalDraft() {
      const draft = state().localDraft;
      if (!draft || !state().editor) return;
      update({ localDraft: null });
      dispatch({ type: 'restoreDraft', content: draft.content, settings: draft.settings, revision: draft.revision });
    },
    discardLocalDraft() {
      update({ localDraft: null });
      const editor = state().editor;
      if (editor) keepDraft(editor);
      else drafts.clear(pageId);
    },
    dismissLinkWarnings() {
      update({ linkWarnings: [] });
    },
    forgetUnsaved() {
      // A kept draft still waiting for a decision is not this session's to throw away.
      if (!state().localDraft) drafts.clear(pageId);
    },
    createTranslation: (values) =>
      newPageFromThis(createTranslationSchema, { pageID: pageId, ...values, slug: values.slug.trim() }, 'addTranslation', pages.createTranslation),
    duplicate: (values) => newPageFromThis(duplicatePageSchema, { pageID: pageId, ...values, slug: values.slug.trim() }, 'duplicate', pages.duplicate),
    async deletePage() {
      if (state().busy) return false;
      errors.clear(EDITOR_ERRORS);
      update({ busy: 'delete' });
      try {
        await autosaveSettled();
        const reply = await pages.delete(pageId, page()?.revision);
        if (!reply.Success) return fail(EDITOR_ERRORS, reply.Errors);
        drafts.clear(pageId);
        return true;
      } finally {
        update({ busy: null });
      }
    },
  };
}
