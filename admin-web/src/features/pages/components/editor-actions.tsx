import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PageAction } from '@pagelog/contracts/pages/page-actions';
import { pageEditorPath } from '@pagelog/contracts/pages/page-types';
import { ErrorList } from '../../../components/error-list/error-list';
import { Modal } from '../../../components/modal/modal';
import { toRouterPath } from '../../../components/navigation/build-navigation';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { useSiteSettings } from '../../../core/settings/site-settings';
import type { BusyAction } from '../state/editor-session-state';
import { usePageEditor } from '../state/page-editor-context';
import { CommentModal } from './comment-modal';
import { CopyPageModal } from './copy-page-modal';
import { ReviewRequestModal } from './review-request-modal';

type Dialog = 'requestPublication' | 'resendRequest' | 'unpublish' | 'delete' | 'duplicate' | null;

/** A toolbar button: one per action, the request standing for both ways of asking. */
type ToolbarAction = Exclude<PageAction, 'saveAndRequestPublication'>;

/** In the toolbar's order: saving and publishing first, the request workflow, then copy and delete. */
const order: ToolbarAction[] = [
  'save',
  'saveAndPublish',
  'publish',
  'unpublish',
  'requestPublication',
  'reviewRequest',
  'revokeRequest',
  'resendRequest',
  'duplicate',
  'delete',
];

const primary = new Set<ToolbarAction>(['save', 'saveAndPublish', 'publish', 'reviewRequest']);

/**
 * The buttons for the actions the server lists for this page and user: while changes are unsaved,
 * the store-first actions stand in for the ones that act on the stored draft (Save and publish for
 * Publish; Request publication stores first).
 */
export function toolbarActions(listed: readonly PageAction[], unsaved: boolean): ToolbarAction[] {
  const listing = (action: ToolbarAction): PageAction => {
    if (action === 'requestPublication' && unsaved) return 'saveAndRequestPublication';
    return action;
  };
  return order.filter((action) => {
    if ((action === 'publish' && unsaved) || (action === 'saveAndPublish' && !unsaved)) return false;
    return listed.includes(listing(action));
  });
}

interface EditorActionsProps {
  /** Lets the next navigation pass without the unsaved-changes prompt (the page is gone). */
  allowLeave: () => void;
}

/**
 * The page actions the server lists for this user and this page (`availableActions`), with the
 * modals some of them ask through first.
 */
export function EditorActions({ allowLeave }: EditorActionsProps) {
  const { t } = useTranslation();
  const errors = useErrorStore();
  const navigate = useNavigate();
  const settings = useSiteSettings();
  const { page, editor, busy, actions: editing } = usePageEditor();
  const [dialog, setDialog] = useState<Dialog>(null);
  const titleId = useId();

  const title = editor.content.title || page.title;

  function open(next: Exclude<Dialog, null>) {
    errors.clear(next === 'delete' || next === 'duplicate' ? 'page-editor' : 'publication-requests');
    setDialog(next);
  }

  function run(action: ToolbarAction) {
    switch (action) {
      case 'save':
        void editing.save();
        return;
      case 'saveAndPublish':
        void editing.saveAndPublish();
        return;
      case 'publish':
        void editing.publish();
        return;
      case 'revokeRequest':
        void editing.revokeRequest();
        return;
      case 'reviewRequest':
        errors.clear('publication-requests');
        editing.dispatch({ type: 'startActivity', activity: 'AcceptRequest' });
        return;
      default:
        open(action);
    }
  }

  const busyFor: Partial<Record<ToolbarAction, BusyAction>> = { save: 'save', saveAndPublish: 'saveAndPublish', publish: 'publish', revokeRequest: 'revokeRequest' };
  const visible = toolbarActions(page.availableActions, editor.unsaved);

  return (
    <section className="editor-actions" aria-labelledby={titleId}>
      <h2 id={titleId} className="side-panel__title">
        {t('pages.editor.actions.label')}
      </h2>
      <div className="editor-actions__buttons" role="group" aria-labelledby={titleId}>
        {visible.map((action) => (
          <button
            key={action}
            type="button"
            className={`button ${primary.has(action) ? 'button--orange' : 'button--grey'}${action === 'delete' ? ' button--danger' : ''}`}
            disabled={busy !== null || (action === 'save' && !editor.unsaved)}
            aria-busy={busy !== null && busy === busyFor[action] ? true : undefined}
            onClick={() => run(action)}
          >
            {t(`pages.editor.actions.${action}`)}
          </button>
        ))}
      </div>

      {dialog === 'requestPublication' && (
        <CommentModal
          title={t('pages.editor.requestModal.title')}
          label={t('pages.editor.requestModal.comment')}
          hint={t('pages.editor.requestModal.hint')}
          property="comment"
          submitText={t('pages.editor.requestModal.submit')}
          cancelText={t('pages.editor.requestModal.cancel')}
          busy={busy !== null}
          onSubmit={(comment) => editing.requestPublication(comment)}
          onClose={() => setDialog(null)}
        >
          {editor.unsaved && <p className="form__intro">{t('pages.editor.requestModal.savesFirst')}</p>}
        </CommentModal>
      )}

      {dialog === 'resendRequest' && (
        <CommentModal
          title={t('pages.editor.resend.title')}
          label={t('pages.editor.resend.comment')}
          hint={t('pages.editor.resend.hint')}
          property="comment"
          submitText={t('pages.editor.resend.submit')}
          cancelText={t('pages.editor.resend.cancel')}
          busy={busy !== null}
          onSubmit={(comment) => editing.resendRequest(comment)}
          onClose={() => setDialog(null)}
        />
      )}

      {editor.activity === 'AcceptRequest' && <ReviewRequestModal onClose={() => editing.dispatch({ type: 'endActivity' })} />}

      {dialog === 'unpublish' && (
        <Modal
          title={t('pages.editor.unpublish.title')}
          size="small"
          onClose={() => setDialog(null)}
          buttons={[
            { text: t('pages.editor.unpublish.cancel'), theme: 'grey', onClick: () => setDialog(null) },
            {
              text: t('pages.editor.unpublish.confirm'),
              theme: 'orange',
              disabled: busy !== null,
              onClick: () => void editing.unpublish().then((done) => done && setDialog(null)),
            },
          ]}
        >
          <ErrorList collection="publication-requests" />
          <p>{t(editor.unsaved ? 'pages.editor.unpublish.questionUnsaved' : 'pages.editor.unpublish.question', { title })}</p>
        </Modal>
      )}

      {dialog === 'delete' && (
        <Modal
          title={t('pages.editor.delete.title')}
          size="small"
          onClose={() => setDialog(null)}
          buttons={[
            { text: t('pages.editor.delete.cancel'), theme: 'grey', onClick: () => setDialog(null) },
            {
              text: t('pages.editor.delete.confirm'),
              theme: 'orange',
              disabled: busy !== null,
              onClick: () =>
                void editing.deletePage().then((done) => {
                  if (!done) return;
                  allowLeave();
                  navigate('/');
                }),
            },
          ]}
        >
          <ErrorList collection="page-editor" />
          <p>{t('pages.editor.delete.question', { title })}</p>
        </Modal>
      )}

      {dialog === 'duplicate' && (
        <CopyPageModal
          title={t('pages.editor.duplicate.title')}
          intro={t('pages.editor.duplicate.intro')}
          submitText={t('pages.editor.duplicate.submit')}
          cancelText={t('pages.editor.duplicate.cancel')}
          labels={{
            locale: t('pages.editor.duplicate.fields.locale'),
            title: t('pages.editor.duplicate.fields.title'),
            slug: t('pages.editor.duplicate.fields.slug'),
          }}
          localeProperty="locale"
          locales={settings?.availableLocales.length ? settings.availableLocales : [page.locale]}
          initial={{ locale: page.locale, title: t('pages.editor.duplicate.copyTitle', { title: page.title }), slug: `${page.slug}-copy` }}
          busy={busy === 'duplicate'}
          onClose={() => setDialog(null)}
          onSubmit={async (values) => {
            const pageID = await editing.duplicate(values);
            if (!pageID) return false;
            setDialog(null);
            navigate(toRouterPath(pageEditorPath(pageID)));
            return true;
          }}
        />
      )}
    </section>
  );
}
