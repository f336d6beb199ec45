import type { ErrorItem } from '@pagelog/contracts/envelope';
import { anchorAvailable, anchorPattern } from '@pagelog/contracts/blocks/anchors';
import { blockType } from '@pagelog/contracts/blocks/block-types';
import { errorItem, messageFor } from '@pagelog/contracts/error-catalogue';
import type { PageDetails, PageVersionView, PublicationRequestView, VersionContent } from '@pagelog/contracts/pages/page';
import { pageType } from '@pagelog/contracts/pages/page-types';
import {
  createTranslationSchema,
  duplicatePageSchema,
  rejectPublicationSchema,
  requestPublicationSchema,
  resendPublicationSchema,
  savePageSchema,
  storeVersionSchema,
} from '@pagelog/contracts/pages/schemas';
import type { ApiReply } from '../../../core/api/api-client';
import type { ErrorCollectionName, ErrorStore } from '../../../core/errors/error-store';
import { validateWith } from '../../../core/errors/validation-errors';
import type { PagesApi, StoreConflictData, StoreMode } from '../api/pages-api';
import { validateValues } from './schema-form-fields';
import { blockLabel } from './block-helpers';
import {
  contentChanged,
  editorReducer,
  initialEditorState,
  pageSettingsOf,
  settingsChanged,
  type EditorAction,
  type EditorState,
  type PageSettingsValues,
} from './editor-state';
import type { EditorActionName } from './available-actions';
import { firstErrorPerProperty } from './first-error-per-property';
import { draftDiffers, type LocalDraft, type LocalDraftStore } from './local-draft-store';
import { sameValue } from './same-value';

/** A success message for the status region: an i18n key of pages.editor.messages. */
export interface EditorMessage {
  key: 'saved' | 'merged' | 'published' | 'unpublished' | 'requested' | 'accepted' | 'rejected' | 'revoked' | 'resent';
  /** Grows with every message, so the same text twice is announced twice. */
  id: number;
}

export type LoadState = { status: 'loading' } | { status: 'failed'; httpStatus: number } | { status: 'ready' };

/** What the editor is busy with (its button shows it and the others wait): a toolbar action or adding a translation. */
export type BusyAction = EditorActionName | 'addTranslation';

export interface PageEditorSnapshot {
  load: LoadState;
  page: PageDetails | null;
  version: PageVersionView | null;
  editor: EditorState | null;
  busy: BusyAction | null;
  message: EditorMessage | null;
  /** Unsaved work found in this browser that differs from the server's page, until restored or discarded. */
  localDraft: LocalDraft | null;
  /** The open publication request, with the requester's name and comment. */
  request: PublicationRequestView | null;
  /** After a save stopped on invalid input: forms show every message, not only those of touched fields. */
  showAllErrors: boolean;
}

export interface PageEditorStore {
  getState(): PageEditorSnapshot;
  subscribe(listener: () => void): () => void;
  load(): Promise<void>;
  dispatch(action: EditorAction): void;
  /** Save: page settings when they changed, then the version. Resolves whether it worked. */
  save(): Promise<boolean>;
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
  createTranslation(values: { newLocale: string; title: string; slug: string }): Promise<string | null>;
  duplicate(values: { locale: string; title: string; slug: string }): Promise<string | null>;
  deletePage(): Promise<boolean>;
}

export interface PageEditorStoreOptions {
  pageId: string;
  pages: PagesApi;
  errors: ErrorStore;
  drafts: LocalDraftStore;
  /** The signed-in user's permission names. */
  permissions: readonly string[];
  now?: () => Date;
  logError?: (message: string, detail?: unknown) => void;
}

/** The editor's own collection, and the one of publication and its store variants (spec section 7). */
const EDITOR_ERRORS: ErrorCollectionName = 'page-editor';
const PUBLICATION_ERRORS: ErrorCollectionName = 'publication-requests';

const settingsFields = ['slug', 'anchor', 'typeData'] as const;

/**
 * The page editor's state and every call it makes. Edits go through the pure editorReducer; the
 * calls follow decision 0004: settings, then the version with the revision it is based on (so the
 * API merges stale saves or answers 409 with the newer version, which the editor keeps next to
 * its own work); publication calls report into publication-requests. Unsaved work is kept in the
 * browser until it is saved.
 */
export function createPageEditorStore({
  pageId,
  pages,
  errors,
  drafts,
  permissions,
  now = () => new Date(),
  logError = (message, detail) => console.error(message, detail),
}: PageEditorStoreOptions): PageEditorStore {
  let state: PageEditorSnapshot = {
    load: { status: 'loading' },
    page: null,
    version: null,
    editor: null,
    busy: null,
    message: null,
    localDraft: null,
    request: null,
    showAllErrors: false,
  };
  const listeners = new Set<() => void>();
  let messageId = 0;

  function update(change: Partial<PageEditorSnapshot>) {
    state = { ...state, ...change };
    for (const listener of [...listeners]) listener();
  }

  function say(key: EditorMessage['key']) {
    update({ message: { key, id: ++messageId } });
  }

  /** Keeps unsaved work in the browser (not while an older kept draft still waits for a decision). */
  function keepDraft(editor: EditorState) {
    if (state.localDraft) return;
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
    if (!state.editor) return;
    const before = state.editor;
    const editor = editorReducer(before, action);
    if (editor === before) return;
    // An edit makes the last success message stale ("Page saved." no longer holds).
    const edited = editor.content !== before.content || editor.settings !== before.settings;
    update(edited ? { editor, message: null } : { editor });
    keepDraft(editor);
  }

  function fail(collection: ErrorCollectionName, found: readonly ErrorItem[]): false {
    errors.set(collection, found.length > 0 ? found : [errorItem('G_01')]);
    return false;
  }

  async function fetchRequest(page: PageDetails, version: PageVersionView | null): Promise<PublicationRequestView | null> {
    if (!page.hasPublicationRequest && !page.openRequest) return null;
    const fromVersion = version?.publicationRequest;
    if (fromVersion && fromVersion.status === 'requested') return fromVersion;
    const versionId = page.openRequest?.versionId ?? page.draftVersionID;
    const reply = await pages.fetchRequestComment(versionId);
    if (reply.Success && reply.data?.request) return { ...reply.data.request, comment: reply.data.request.comment || reply.data.comment };
    if (!reply.Success) logError('The publication request could not be loaded.', reply.Errors);
    return null;
  }

  /** GET the page and its draft; resets the editor unless it holds unsaved work. */
  async function fetchPageAndDraft(): Promise<{ page: PageDetails; version: PageVersionView } | { failed: number }> {
    const pageReply = await pages.get(pageId);
    if (!pageReply.Success || !pageReply.data) return { failed: pageReply.status };
    const versionReply = await pages.fetchVersion(pageReply.data.draftVersionID);
    if (!versionReply.Success || !versionReply.data?.pageVersion) return { failed: versionReply.status };
    return { page: pageReply.data, version: versionReply.data.pageVersion };
  }

  async function load() {
    update({ load: { status: 'loading' } });
    const loaded = await fetchPageAndDraft();
    if ('failed' in loaded) {
      // Spec section 7: a failed page fetch leaves the status code.
      update({ load: { status: 'failed', httpStatus: loaded.failed } });
      return;
    }
    const { page, version } = loaded;
    const editor = initialEditorState(page, version, state.editor?.tab);
    const kept = drafts.load(pageId);
    let localDraft: LocalDraft | null = null;
    if (kept && draftDiffers(kept, editor.content, editor.settings)) localDraft = kept;
    else if (kept) drafts.clear(pageId);
    const request = await fetchRequest(page, version);
    update({ load: { status: 'ready' }, page, version, editor, localDraft, request, showAllErrors: false });
  }

  /** After a command: the page again, and the draft too when nothing unsaved would be lost. */
  async function reload() {
    const loaded = await fetchPageAndDraft();
    if ('failed' in loaded) {
      logError('The page could not be loaded again.', loaded.failed);
      return;
    }
    const { page, version } = loaded;
    const request = await fetchRequest(page, version);
    if (state.editor && !state.editor.unsaved) {
      const editor = editorReducer(state.editor, { type: 'loaded', page, version });
      update({ page, version, editor, request });
      keepDraft(editor);
    } else {
      update({ page, version, request });
    }
  }

  /** After a plain store: the page's status, dates and draft id, without touching the editor. */
  async function refreshPage() {
    const reply = await pages.get(pageId);
    if (reply.Success && reply.data) update({ page: reply.data });
    else logError('The page could not be loaded again.', reply.Errors);
  }

  /** Client-side checks of everything a save sends, with the messages the server would give. */
  async function validate(editor: EditorState, withSettings: boolean): Promise<ErrorItem[]> {
    const problems: ErrorItem[] = [];
    const { content } = editor;
    // Spec section 5: null, empty or exactly one SEO image; anything else is not sent.
    if (content.seoImage.length > 1) {
      logError('A page version may have at most one SEO image; the save was not sent.', content.seoImage);
      problems.push(errorItem('V_12', 'seoImage', 'pageVersion'));
    }
    content.blocks.forEach((block, index) => {
      const name = `${index + 1}. ${blockLabel(block.type)}`;
      const definition = blockType(block.type);
      if (definition) {
        for (const [field, message] of Object.entries(validateValues(definition.props, block.props))) {
          problems.push({ code: 'V_12', property: `blocks[${index}].props.${field}`, model: 'pageVersion', message: `${name}: ${message}` });
        }
      }
      const anchor = block.anchorPoint.trim();
      if (anchor !== '' && !anchorPattern.test(anchor)) {
        problems.push({ code: 'V_12', property: `blocks[${index}].anchorPoint`, model: 'pageVersion', message: `${name}: ${messageFor('V_12', 'anchorPoint')}` });
      } else if (!anchorAvailable(anchor, block.key, content.blocks)) {
        problems.push({ code: 'V_18', property: `blocks[${index}].anchorPoint`, model: 'pageVersion', message: `${name}: ${messageFor('V_18', 'anchorPoint')}` });
      }
    });
    const version = await validateWith(storeVersionSchema, { pageID: pageId, revision: editor.contentRevision, ...content }, 'pageVersion');
    // Blocks and the SEO image have their own, more precise messages above.
    if (!version.ok) problems.push(...version.errors.filter((error) => !error.property.startsWith('blocks') && !problems.some((known) => known.property === error.property)));
    if (withSettings) {
      const settings = await validateWith(savePageSchema, { ...editor.settings, shouldUpdateLinks: editor.shouldUpdateLinks }, 'page');
      if (!settings.ok) problems.push(...settings.errors);
      const type = state.page ? pageType(state.page.type) : undefined;
      if (type) {
        for (const message of Object.values(validateValues(type.typeData, editor.settings.typeData))) {
          problems.push({ code: 'V_12', property: 'typeData', model: 'page', message });
        }
      }
    }
    return problems;
  }

  /** POST /page/anchor-available for each anchored block (the server's word, before a save). */
  async function anchorsTakenRemotely(editor: EditorState): Promise<ErrorItem[]> {
    const blocks = editor.content.blocks;
    const pageVersionBlocks = blocks.map(({ key, anchorPoint }) => ({ key, anchorPoint }));
    const checks = await Promise.all(
      blocks.map(async (block, index) => {
        const anchorName = block.anchorPoint.trim();
        if (anchorName === '') return null;
        const reply = await pages.anchorAvailable({ anchorName, blockKey: block.key, pageVersionBlocks });
        if (!reply.Success) {
          // The local check passed; the store itself checks again.
          logError('The anchor could not be checked.', reply.Errors);
          return null;
        }
        if (reply.data?.available !== false) return null;
        const name = `${index + 1}. ${blockLabel(block.type)}`;
        return { code: 'V_18', property: `blocks[${index}].anchorPoint`, model: 'pageVersion', message: `${name}: ${messageFor('V_18', 'anchorPoint')}` };
      }),
    );
    return checks.filter((check): check is ErrorItem => check !== null);
  }

  /**
   * PUT /page/{id}/save. A 409 means the page moved on since the editor's revision: when nobody
   * else changed the settings the editor changed, the save is sent again on the newer revision
   * (with their other settings kept); otherwise it is a conflict for the editor to resolve.
   */
  async function saveSettings(collection: ErrorCollectionName): Promise<boolean> {
    const editor = state.editor!;
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
      const fresh = await pages.get(pageId);
      if (!fresh.Success || !fresh.data) return fail(collection, fresh.Errors);
      const theirs = pageSettingsOf(fresh.data);
      const base = editor.saved.settings;
      const clashes = settingsFields.filter(
        (field) => !sameValue(sent[field], base[field]) && !sameValue(theirs[field], base[field]) && !sameValue(sent[field], theirs[field]),
      );
      if (clashes.length > 0) {
        update({ page: fresh.data });
        dispatch({
          type: 'conflict',
          conflict: { currentRevision: fresh.data.revision, conflicts: clashes.map((field) => `settings.${field}`), currentSettings: theirs },
        });
        return false;
      }
      // Their changes to other settings stay; the editor's go on top.
      settings = { ...theirs };
      for (const field of settingsFields) if (!sameValue(sent[field], base[field])) Object.assign(settings, { [field]: sent[field] });
      reply = await pages.save(pageId, body(settings, fresh.data.revision));
      contentUnaffected = false;
    }
    if (!reply.Success || !reply.data) return fail(collection, reply.Errors);
    dispatch({ type: 'settingsSaved', sent, settings, revision: reply.data.revision, contentUnaffected, versionId: reply.data.pageVersionID });
    return true;
  }

  async function saveWith(mode: StoreMode, collection: ErrorCollectionName, busy: BusyAction): Promise<boolean> {
    const start = state.editor;
    if (!start || state.busy) return false;
    errors.clear(collection);
    if (collection !== EDITOR_ERRORS) errors.clear(EDITOR_ERRORS);
    update({ busy });
    try {
      const withSettings = settingsChanged(start);
      const problems = await validate(start, withSettings);
      if (problems.length === 0) problems.push(...(await anchorsTakenRemotely(start)));
      if (problems.length > 0) {
        update({ showAllErrors: true });
        return fail(collection, firstErrorPerProperty(problems));
      }
      if (withSettings && !(await saveSettings(collection))) return false;

      let merged = false;
      const editor = state.editor!;
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
        if (!reply.Success || !reply.data) return fail(collection, reply.Errors);
        dispatch({ type: 'versionStored', content, versionId: reply.data.pageVersionID, revision: reply.data.revision });
        merged = reply.data.merged === true;
      }
      dispatch({ type: 'saveFinished' });
      update({ showAllErrors: false });
      // A merge brought in others' changes, and publishing changes the page's status and draft.
      if (merged || mode !== 'store') await reload();
      else await refreshPage();
      say(merged ? 'merged' : mode === 'publish' ? 'published' : mode === 'unpublish' ? 'unpublished' : 'saved');
      return true;
    } finally {
      update({ busy: null });
    }
  }

  /** Runs a publication call: errors into publication-requests; on success the page again and a message. */
  async function publicationCall(busy: BusyAction, call: () => Promise<ApiReply<unknown>>, message: EditorMessage['key']): Promise<boolean> {
    if (!state.page || state.busy) return false;
    errors.clear(PUBLICATION_ERRORS);
    update({ busy });
    try {
      const reply = await call();
      if (!reply.Success) return fail(PUBLICATION_ERRORS, reply.Errors);
      await reload();
      say(message);
      return true;
    } finally {
      update({ busy: null });
    }
  }

  /** The version an open request is about (the pinned draft). */
  function requestVersionId(): string {
    return state.page?.openRequest?.versionId ?? state.request?.versionID ?? state.page?.draftVersionID ?? '';
  }

  async function checked<T extends object>(schema: Parameters<typeof validateWith>[0], values: T, collection: ErrorCollectionName, model: string) {
    const result = await validateWith(schema, values, model);
    if (!result.ok) fail(collection, firstErrorPerProperty(result.errors));
    return result.ok;
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load,
    dispatch,
    save: () => saveWith('store', EDITOR_ERRORS, 'save'),
    saveAndPublish: () => saveWith('publish', PUBLICATION_ERRORS, 'saveAndPublish'),
    publish: () => publicationCall('publish', () => pages.publish(pageId, state.page?.revision), 'published'),
    unpublish() {
      if (state.editor?.unsaved && permissions.includes('edit-page')) return saveWith('unpublish', PUBLICATION_ERRORS, 'unpublish');
      return publicationCall('unpublish', () => pages.unpublish(pageId, state.page?.revision), 'unpublished');
    },
    async requestPublication(comment) {
      errors.clear(PUBLICATION_ERRORS);
      if (!(await checked(requestPublicationSchema, { comment }, PUBLICATION_ERRORS, 'publicationRequest'))) return false;
      // Spec section 4: request publication saves the version, then posts the comment.
      if (state.editor?.unsaved) {
        if (!(await saveWith('store', PUBLICATION_ERRORS, 'requestPublication'))) return false;
      }
      return publicationCall('requestPublication', () => pages.requestPublication(pageId, { comment, revision: state.page?.revision }), 'requested');
    },
    acceptRequest: (feedback) =>
      publicationCall('reviewRequest', () => pages.acceptPublication(requestVersionId(), { feedback, pageID: pageId }), 'accepted'),
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
      if (!state.editor?.conflict) return false;
      dispatch({ type: 'keepMine' });
      return saveWith('store', EDITOR_ERRORS, 'save');
    },
    useSaved() {
      dispatch({ type: 'useSaved' });
    },
    restoreLocalDraft() {
      const draft = state.localDraft;
      if (!draft || !state.editor) return;
      update({ localDraft: null });
      dispatch({ type: 'restoreDraft', content: draft.content, settings: draft.settings, revision: draft.revision });
    },
    discardLocalDraft() {
      update({ localDraft: null });
      if (state.editor) keepDraft(state.editor);
      else drafts.clear(pageId);
    },
    forgetUnsaved() {
      // A kept draft still waiting for a decision is not this session's to throw away.
      if (!state.localDraft) drafts.clear(pageId);
    },
    async createTranslation(values) {
      errors.clear(EDITOR_ERRORS);
      const body = { pageID: pageId, ...values, slug: values.slug.trim() };
      if (!(await checked(createTranslationSchema, body, EDITOR_ERRORS, 'page'))) return null;
      update({ busy: 'addTranslation' });
      try {
        const reply = await pages.createTranslation(body);
        if (!reply.Success || !reply.data) return fail(EDITOR_ERRORS, reply.Errors) || null;
        return reply.data.pageID;
      } finally {
        update({ busy: null });
      }
    },
    async duplicate(values) {
      errors.clear(EDITOR_ERRORS);
      const body = { pageID: pageId, ...values, slug: values.slug.trim() };
      if (!(await checked(duplicatePageSchema, body, EDITOR_ERRORS, 'page'))) return null;
      update({ busy: 'duplicate' });
      try {
        const reply = await pages.duplicate(body);
        if (!reply.Success || !reply.data) return fail(EDITOR_ERRORS, reply.Errors) || null;
        return reply.data.pageID;
      } finally {
        update({ busy: null });
      }
    },
    async deletePage() {
      if (state.busy) return false;
      errors.clear(EDITOR_ERRORS);
      update({ busy: 'delete' });
      try {
        const reply = await pages.delete(pageId, state.page?.revision);
        if (!reply.Success) return fail(EDITOR_ERRORS, reply.Errors);
        drafts.clear(pageId);
        return true;
      } finally {
        update({ busy: null });
      }
    },
  };
}
