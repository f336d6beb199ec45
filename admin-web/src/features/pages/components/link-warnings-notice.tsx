import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageEditor } from '../state/page-editor-context';

/**
 * After a save or a publication that succeeded with warnings: the links that point at pages the
 * site does not show (not published, or gone), each named by its block, its field and the page,
 * so the editor can publish that page or change the link. Stays until the next save or
 * publication, or until closed.
 */
export function LinkWarningsNotice() {
  const { t } = useTranslation();
  const { linkWarnings, actions } = usePageEditor();
  const titleId = useId();
  if (linkWarnings.length === 0) return null;
  return (
    <section className="notice notice--warning" role="status" aria-labelledby={titleId}>
      <p id={titleId} className="notice__title">
        {t('pages.editor.linkWarnings.title')}
      </p>
      <p className="notice__text">{t('pages.editor.linkWarnings.text')}</p>
      <ul className="notice__list">
        {linkWarnings.map((warning, index) => (
          <li key={index}>
            {warning.position === null
              ? warning.message
              : t('pages.editor.linkWarnings.item', {
                  block: t('pages.editor.linkWarnings.block', { position: warning.position, type: warning.type }),
                  field: warning.field,
                  message: warning.message,
                })}
          </li>
        ))}
      </ul>
      <div className="notice__actions">
        <button type="button" className="button button--grey button--small" onClick={() => actions.dismissLinkWarnings()}>
          {t('pages.editor.linkWarnings.dismiss')}
        </button>
      </div>
    </section>
  );
}
