import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { useCurrentUser } from '../../../core/session/current-user';
import { PageEditor } from '../components/page-editor';
import { browserStorage, createLocalDraftStore } from '../state/local-draft-store';
import { PageEditorProvider } from '../state/page-editor-context';
import { createPageEditorStore } from '../state/page-editor-store';
import { usePagesApi } from '../state/use-pages-api';

/** /cmsadmin/pages/{pageId}: the page editor. Another page id is another editor, from scratch. */
export function PageEditorRoute() {
  const { pageId = '' } = useParams();
  return <PageEditorScreen key={pageId} pageId={pageId} />;
}

function PageEditorScreen({ pageId }: { pageId: string }) {
  const { t } = useTranslation();
  const pages = usePagesApi();
  const errors = useErrorStore();
  const { user } = useCurrentUser();
  const [store] = useState(() =>
    createPageEditorStore({
      pageId,
      pages,
      errors,
      // Drafts are the signed-in user's own; without a user (never, behind the session guard) none are kept.
      drafts: user ? createLocalDraftStore(browserStorage(), user.ID) : createLocalDraftStore(null, ''),
      permissions: user?.permissions ?? [],
    }),
  );
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);

  useEffect(() => {
    // The editor starts without the errors of another page.
    errors.clear('page-editor');
    errors.clear('publication-requests');
    void store.load();
  }, [store, errors]);

  if (state.load.status === 'failed') {
    const notFound = state.load.httpStatus === 404;
    return (
      <section className="screen">
        <h1 className="screen__title">{notFound ? t('screens.notFound.title') : t('pages.editor.loadFailedTitle')}</h1>
        <p className="screen__description">{notFound ? t('pages.editor.notFound') : t('pages.editor.loadFailed', { status: state.load.httpStatus })}</p>
        <div className="form__actions">
          {!notFound && (
            <button type="button" className="button button--orange" onClick={() => void store.load()}>
              {t('pages.editor.retry')}
            </button>
          )}
          <Link to="/">{t('pages.editor.backToOverview')}</Link>
        </div>
      </section>
    );
  }
  if (state.load.status === 'loading' || !state.editor) {
    return (
      <section className="screen">
        <p className="screen__description" role="status">
          {t('pages.editor.loading')}
        </p>
      </section>
    );
  }
  return (
    <PageEditorProvider store={store}>
      <PageEditor />
    </PageEditorProvider>
  );
}
