import type { VersionContent } from '@pagelog/contracts/pages/page';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPinned } from '@pagelog/contracts/pages/page-actions';
import { publicPath } from '@pagelog/contracts/slugs';
import { ErrorList } from '../../../components/error-list/error-list';
import { formatDateTime } from '../../../core/format/date-time';
import { useSiteSettings } from '../../../core/settings/site-settings';
import { useCurrentUser } from '../../../core/session/current-user';
import { usePageEditor } from '../state/page-editor-context';
import { useAutosave } from '../state/use-autosave';
import { useTranslationSource } from '../state/use-translation-source';
import { ShownSourceProvider } from './source-text';
import { AutosaveStatus } from './autosave-status';
import { BlockList } from './block-list';
import { EditorActions } from './editor-actions';
import { ConflictNotice, LocalDraftNotice, RequestNotice } from './editor-notices';
import { LinkWarningsNotice } from './link-warnings-notice';
import { EditorTabs } from './editor-tabs';
import { LivePreview } from './live-preview';
import { HistoryPanel } from './history-panel';
import { ReleasePanel } from './release-panel';
import { SchedulePanel } from './schedule-panel';
import { StaleTranslationNotice } from './stale-translation-notice';
import { VersionsPanel } from './versions-panel';
import { LeaveGuard } from '../../../components/leave-guard/leave-guard';
import { PageBreadcrumbs } from './page-breadcrumbs';
import { PageSettingsPanel } from './page-settings-panel';
import { SeoSettingsPanel } from './seo-settings-panel';
import { StatusBadge } from '../../../components/status-badge/status-badge';
import { TranslationsPanel } from './translations-panel';
import { usePageTypeLabel } from './use-page-type-label';

/**
 * The page editor (spec section 2, "Editor screens"): the title with its status and public
 * address, the tabs in a main column, the actions and the page's details beside them. Read-only
 * without edit-page and while a publication request pins the draft.
 */
export function PageEditor() {
  const { t } = useTranslation();
  const session = usePageEditor();
  const { page, editor, message, busy, actions } = session;
  const { user } = useCurrentUser();
  const settings = useSiteSettings();
  const typeLabel = usePageTypeLabel('singular');
  const allowLeave = useRef(false);
  // A translation shows its source's text under its fields, until the translator hides it.
  const source = useTranslationSource(page);
  const [showSource, setShowSource] = useState(true);
  const sourceToggleId = useId();

  const permissions = user?.permissions ?? [];
  // The server lists Save only where the draft may change: edit-page, and no open request pinning it.
  const readOnly = !page.availableActions.includes('save');
  const path = page.path || publicPath(page.locale, page.slug, settings?.defaultLocale ?? page.locale);
  useAutosave(session, !readOnly);

  // Ctrl+S (Cmd+S on a Mac) saves, as in any editor; the browser's "save page as" never opens here.
  const saveRef = useRef<() => void>(() => {});
  saveRef.current = () => {
    if (!readOnly && editor.unsaved && busy === null) void actions.save();
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 's' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      event.preventDefault();
      saveRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  let panel;
  if (editor.tab === 'overview') {
    panel = (
      <>
        <div className="editor-overview">
          <BlockList readOnly={readOnly} />
          <LivePreview />
        </div>
        <VersionsPanel
          pageId={page.id}
          draftVersionId={page.draftVersionID}
          {...(readOnly
            ? {}
            : {
                onRestore: (restored: (current: VersionContent) => VersionContent) =>
                  actions.dispatch({ type: 'restoreDraft', content: restored(editor.content), settings: editor.settings, revision: editor.contentRevision }),
              })}
        />
        <HistoryPanel pageId={page.id} />
      </>
    );
  } else if (editor.tab === 'page-settings') {
    // Moving a live page changes the public site at once, so it takes publish-page (decision 0004).
    panel = <PageSettingsPanel readOnly={readOnly} slugLocked={page.publishedVersionID !== null && !permissions.includes('publish-page')} />;
  } else if (editor.tab === 'seo-settings') {
    panel = <SeoSettingsPanel key={editor.formGeneration} readOnly={readOnly} />;
  } else {
    panel = <TranslationsPanel />;
  }

  return (
    <div className="screen screen--wide editor">
      <header className="editor__header">
        <PageBreadcrumbs breadcrumbs={page.breadcrumbs} title={editor.content.title || page.title} />
        <div className="editor__heading">
          <h1 className="screen__title">{editor.content.title || page.title}</h1>
          <StatusBadge status={page.status} reviewRequested={page.hasPublicationRequest} />
          {editor.unsaved && <span className="badge badge--unsaved">{t('pages.editor.unsavedMark')}</span>}
          {!readOnly && <AutosaveStatus />}
        </div>
        <p className="editor__path">
          {t('pages.editor.publicPath')}: <code className="path">{path}</code>
        </p>
      </header>

      <p className="editor__status" role="status">
        {message ? t(`pages.editor.messages.${message.key}`) : ''}
      </p>
      <LocalDraftNotice />
      <RequestNotice />
      <ConflictNotice />
      <LinkWarningsNotice />
      <StaleTranslationNotice page={page} dispatch={actions.dispatch} readOnly={readOnly} />
      {readOnly && !isPinned(page) && <p className="notice">{t('pages.editor.readOnly')}</p>}
      <ErrorList collection="page-editor" />
      <ErrorList collection="publication-requests" />

      <div className="editor__layout">
        <div className="editor__main">
          {source && (
            <div className="checkbox editor__source-toggle">
              <input id={sourceToggleId} type="checkbox" checked={showSource} onChange={(event) => setShowSource(event.target.checked)} />
              <label htmlFor={sourceToggleId}>{t('pages.editor.source.show', { language: source.language })}</label>
            </div>
          )}
          <ShownSourceProvider source={showSource ? source : null}>
            <EditorTabs selected={editor.tab} onSelect={(tab) => actions.dispatch({ type: 'openTab', tab })}>
              {panel}
            </EditorTabs>
          </ShownSourceProvider>
        </div>
        <aside className="editor__side">
          <EditorActions
            allowLeave={() => {
              allowLeave.current = true;
            }}
          />
          <SchedulePanel page={page} dispatch={actions.dispatch} />
          <ReleasePanel page={page} />
          <section className="side-panel" aria-label={t('pages.editor.info.heading')}>
            <h2 className="side-panel__title">{t('pages.editor.info.heading')}</h2>
            <dl className="details-list">
              <dt>{t('pages.editor.info.type')}</dt>
              <dd>{typeLabel(page.type)}</dd>
              <dt>{t('pages.editor.info.locale')}</dt>
              <dd>{page.locale}</dd>
              {page.authorName && (
                <>
                  <dt>{t('pages.editor.info.author')}</dt>
                  <dd>{page.authorName}</dd>
                </>
              )}
              <dt>{t('pages.editor.info.lastChange')}</dt>
              <dd>
                {page.updatedByName
                  ? t('pages.editor.info.lastChangeValue', { date: formatDateTime(page.updatedAt), name: page.updatedByName })
                  : formatDateTime(page.updatedAt)}
              </dd>
              {page.publishedAt && (
                <>
                  <dt>{t('pages.editor.info.published')}</dt>
                  <dd>{formatDateTime(page.publishedAt)}</dd>
                </>
              )}
            </dl>
          </section>
        </aside>
      </div>
      <LeaveGuard when={editor.unsaved} onLeave={() => actions.forgetUnsaved()} allowRef={allowLeave} />
    </div>
  );
}
