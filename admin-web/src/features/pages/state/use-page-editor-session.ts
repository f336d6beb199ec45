import { useCallback, useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageDetails, PageVersionView, PublicationRequestView } from '@pagelog/contracts/pages/page';
import { useApi } from '../../../core/api/api-context';
import { EndpointError } from '../../../core/api/endpoint-query';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { useCurrentUser } from '../../../core/session/current-user';
import { pageQueries } from '../api/page-queries';
import type { EditorState } from './editor-state';
import { initialEditorState } from './initial-editor-state';
import { browserStorage, createLocalDraftStore, draftDiffers, type LocalDraft } from './local-draft-store';
import { requestOfAnswer, requestSource, type EditorSessionState, type RequestSource } from './editor-session-state';
import { createPageEditorActions, type PageEditorActions } from './page-editor-actions';
import { usePagesApi } from './use-pages-api';


export type LoadState = { status: 'loading' } | { status: 'failed'; httpStatus: number } | { status: 'ready' };

/** The page being edited as the editor's components see it: the server's page and draft, the editor's own state, and what it can do. */
export interface PageEditorSession extends EditorSessionState {
  page: PageDetails;
  version: PageVersionView | null;
  /** The open publication request, with the requester's name and comment. */
  request: PublicationRequestView | null;
  editor: EditorState;
  actions: PageEditorActions;
}

const startState: EditorSessionState = { editor: null, busy: null, message: null, localDraft: null, showAllErrors: false, autosave: { state: 'idle' }, linkWarnings: [] };

function statusOf(error: unknown): number {
  return error instanceof EndpointError ? error.status : 0;
}

/**
 * The editor of one page: the page, its draft and its open request are queries (read when the
 * editor opens, and again after every command); the editor's own state starts from the first
 * answers, with any unsaved work this user kept in this browser offered back.
 */
export function usePageEditorSession(pageId: string): { load: LoadState; retry: () => void; session: PageEditorSession | null } {
  const api = useApi();
  const queryClient = useQueryClient();
  const pages = usePagesApi();
  const errors = useErrorStore();
  const { user } = useCurrentUser();
  // Drafts are the signed-in user's own; without a user (never, behind the session guard) none are kept.
  const [drafts] = useState(() => createLocalDraftStore(user ? browserStorage() : null, user?.ID ?? ''));

  const pageRead = useQuery(pageQueries.get(api, pageId));
  const page = pageRead.data;
  const versionRead = useQuery({
    ...pageQueries.version(api, page?.draftVersionID ?? ''),
    enabled: page !== undefined,
    // A new draft (after publishing) is read while the editor goes on showing the one before.
    placeholderData: keepPreviousData,
  });
  const version = versionRead.data?.pageVersion ?? null;
  const source: RequestSource = page ? requestSource(page, version) : { kind: 'none' };
  const requestRead = useQuery({ ...pageQueries.requestComment(api, source.kind === 'read' ? source.versionId : ''), enabled: source.kind === 'read' });
  const request = source.kind === 'draft' ? source.request : source.kind === 'read' ? requestOfAnswer(requestRead.data) : null;

  const [state, setState] = useState(startState);
  const stateRef = useRef(state);
  const update = useCallback((change: Partial<EditorSessionState>) => {
    stateRef.current = { ...stateRef.current, ...change };
    setState(stateRef.current);
  }, []);
  const requestRef = useRef(request);
  const permissionsRef = useRef(user?.permissions ?? []);
  useEffect(() => {
    requestRef.current = request;
    permissionsRef.current = user?.permissions ?? [];
  });
  const [actions] = useState(() =>
    createPageEditorActions({
      pageId,
      api,
      queryClient,
      pages,
      errors,
      drafts,
      state: () => stateRef.current,
      update,
      request: () => requestRef.current,
      permissions: () => permissionsRef.current,
    }),
  );

  // The editor starts from answers read since it opened, never from older ones still in the cache.
  const firstRead =
    pageRead.isFetchedAfterMount &&
    versionRead.isFetchedAfterMount &&
    !versionRead.isPlaceholderData &&
    (source.kind !== 'read' || requestRead.isFetchedAfterMount);
  useEffect(() => {
    if (!firstRead || stateRef.current.editor || !page || !version) return;
    const editor = initialEditorState(page, version);
    const kept = drafts.load(pageId);
    let localDraft: LocalDraft | null = null;
    if (kept && draftDiffers(kept, editor.content, editor.settings)) localDraft = kept;
    else if (kept) drafts.clear(pageId);
    update({ editor, localDraft, showAllErrors: false });
  }, [firstRead, page, version, drafts, pageId, update]);

  let load: LoadState = { status: 'loading' };
  if (state.editor) load = { status: 'ready' };
  // Spec section 7: a failed page fetch leaves the status code.
  else if (pageRead.isError && !pageRead.isFetching) load = { status: 'failed', httpStatus: statusOf(pageRead.error) };
  else if (versionRead.isError && !versionRead.isFetching) load = { status: 'failed', httpStatus: statusOf(versionRead.error) };
  else if (firstRead && !version) load = { status: 'failed', httpStatus: 200 };

  const retry = () => {
    void (pageRead.isError ? pageRead.refetch() : versionRead.refetch());
  };
  const session = state.editor && page ? { ...state, editor: state.editor, page, version, request, actions } : null;
  return { load, retry, session };
}
