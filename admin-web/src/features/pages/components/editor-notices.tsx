import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRecentTime } from '../../../core/format/date-time';
import { describeConflicts, type ConflictPart } from '../state/describe-conflicts';
import { usePageEditor } from '../state/page-editor-context';

/** Unsaved work found in this browser: Restore or Discard. */
export function LocalDraftNotice() {
  const { t } = useTranslation();
  const { localDraft, actions } = usePageEditor();
  if (!localDraft) return null;
  return (
    <div className="notice notice--warning notice--inline" role="alert">
      <span>{t('pages.editor.localDraft.found', { time: formatRecentTime(localDraft.savedAt) })}</span>
      <span className="notice__actions">
        <button type="button" className="button button--orange button--small" onClick={() => actions.restoreLocalDraft()}>
          {t('pages.editor.localDraft.restore')}
        </button>
        <button type="button" className="button button--grey button--small" onClick={() => actions.discardLocalDraft()}>
          {t('pages.editor.localDraft.discard')}
        </button>
      </span>
    </div>
  );
}

/**
 * The open request that pins the draft (who asked, when, and their comment), or the feedback of
 * the draft's rejected request.
 */
export function RequestNotice() {
  const { t } = useTranslation();
  const { page, version, request } = usePageEditor();
  if (page.hasPublicationRequest || page.openRequest) {
    const name = request?.requestedByName || t('pages.editor.request.someone');
    const date = formatDateTime(request?.requestedAt ?? page.openRequest?.requestedAt);
    const comment = request?.comment ?? page.openRequest?.comment ?? '';
    return (
      <div className="notice notice--info">
        <p className="notice__title">{t('pages.editor.request.pinned', { name, date })}</p>
        {comment && <p className="notice__text">{t('pages.editor.request.comment', { comment })}</p>}
        <p className="notice__text">{t('pages.editor.request.pinnedNote')}</p>
      </div>
    );
  }
  const last = version?.publicationRequest;
  if (last && last.status === 'rejected') {
    return (
      <div className="notice notice--warning">
        <p>{t('pages.editor.request.rejected', { name: last.reviewedByName || t('pages.editor.request.someone'), feedback: last.feedback })}</p>
      </div>
    );
  }
  return null;
}

function partText(t: (key: string, values?: Record<string, unknown>) => string, part: ConflictPart): string {
  switch (part.kind) {
    case 'order':
      return t('pages.editor.conflict.order');
    case 'typeData':
      return t('pages.editor.conflict.typeData');
    case 'block':
      return part.position === null ? t('pages.editor.conflict.removedBlock', { label: part.label }) : t('pages.editor.conflict.block', { position: part.position, label: part.label });
    default:
      return part.label;
  }
}

/** A save that clashed with a newer version: what clashed, Keep my version or Use the saved version. */
export function ConflictNotice() {
  const { t } = useTranslation();
  const { editor, busy, actions } = usePageEditor();
  const conflict = editor.conflict;
  if (!conflict) return null;
  const parts = describeConflicts(conflict.conflicts, editor.content, conflict.current);
  return (
    <div className="notice notice--warning" role="alert">
      <p className="notice__title">{t('pages.editor.conflict.title')}</p>
      <p className="notice__text">{t('pages.editor.conflict.intro')}</p>
      {parts.length > 0 && (
        <ul className="notice__list">
          {parts.map((part, index) => (
            <li key={index}>{partText(t as never, part)}</li>
          ))}
        </ul>
      )}
      <div className="notice__actions">
        <button type="button" className="button button--orange button--small" disabled={busy !== null} onClick={() => void actions.keepMine()}>
          {t('pages.editor.conflict.keepMine')}
        </button>
        <button type="button" className="button button--grey button--small" disabled={busy !== null} onClick={() => actions.useSaved()}>
          {t('pages.editor.conflict.useSaved')}
        </button>
      </div>
    </div>
  );
}
