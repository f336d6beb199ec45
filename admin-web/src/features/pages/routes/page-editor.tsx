import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { PageEditor } from '../components/page-editor';
import { PageEditorProvider } from '../state/page-editor-context';
import { usePageEditorSession } from '../state/use-page-editor-session';

/** /cmsadmin/pages/{pageId}: the page editor. Another page id is another editor, from scratch. */
export function PageEditorRoute() {
  const { pageId = '' } = useParams();
  return <PageEditorScreen key={pageId} pageId={pageId} />;
}

function PageEditorScreen({ pageId }: { pageId: string }) {
  const { t } = useTranslation();
  const errors = useErrorStore();
  const { load, retry, session } = usePageEditorSession(pageId);

  useEffect(() => {
    // The editor starts without the errors of another page.
    errors.clear('page-editor');
    errors.clear('publication-requests');
  }, [errors]);

  if (load.status === 'failed') {
    const notFound = load.httpStatus === 404;
    return (
      <section className="screen">
        <h1 className="screen__title">{notFound ? t('screens.notFound.title') : t('pages.editor.loadFailedTitle')}</h1>
        <p className="screen__description">{notFound ? t('pages.editor.notFound') : t('pages.editor.loadFailed', { status: load.httpStatus })}</p>
        <div className="form__actions">
          {!notFound && (
            <button type="button" className="button button--orange" onClick={retry}>
              {t('pages.editor.retry')}
            </button>
          )}
          <Link to="/">{t('pages.editor.backToOverview')}</Link>
        </div>
      </section>
    );
  }
  if (!session) {
    return (
      <section className="screen">
        <p className="screen__description" role="status">
          {t('pages.editor.loading')}
        </p>
      </section>
    );
  }
  return (
    <PageEditorProvider session={session}>
      <PageEditor />
    </PageEditorProvider>
  );
}
