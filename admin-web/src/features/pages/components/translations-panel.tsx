import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pageEditorPath } from '@pagelog/contracts/pages/page-types';
import { toRouterPath } from '../../../components/navigation/build-navigation';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { useSiteSettings } from '../../../core/settings/site-settings';
import { useCurrentUser } from '../../../core/session/current-user';
import { usePageEditor } from '../state/page-editor-context';
import { suggestChildSlug } from '../state/slug-suggestion';
import { CopyPageModal } from './copy-page-modal';
import { StatusBadge } from '../../../components/status-badge/status-badge';

/** The parent's path of a slug with its slash (`expertise/` of `expertise/energie`), or ''. */
function parentPrefix(slug: string): string {
  const cut = slug.lastIndexOf('/');
  return cut < 0 ? '' : slug.slice(0, cut + 1);
}

/** Translations: the other pages of the translation group, and Add translation for a locale it lacks. */
export function TranslationsPanel() {
  const { t } = useTranslation();
  const errors = useErrorStore();
  const navigate = useNavigate();
  const { hasPermission } = useCurrentUser();
  const settings = useSiteSettings();
  const { page, editor, busy, actions } = usePageEditor();

  const translations = page.translations ?? [];
  const taken = new Set([page.locale, ...translations.map((translation) => translation.locale)]);
  const free = (settings?.availableLocales ?? []).filter((locale) => !taken.has(locale));
  const adding = editor.activity === 'AddTranslation';

  function open() {
    errors.clear('page-editor');
    actions.dispatch({ type: 'startActivity', activity: 'AddTranslation' });
  }

  return (
    <section className="translations">
      {translations.length === 0 ? (
        <p className="translations__empty">{t('pages.editor.translations.empty')}</p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">{t('pages.editor.translations.heading')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('pages.editor.translations.locale')}</th>
              <th scope="col">{t('pages.editor.translations.title')}</th>
              <th scope="col">{t('pages.editor.translations.status')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('pages.editor.translations.open')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {translations.map((translation) => (
              <tr key={translation.pageID}>
                <td>{translation.locale}</td>
                <td>{translation.title}</td>
                <td>
                  <StatusBadge status={translation.status} />
                  {translation.staleBlocks !== undefined && translation.staleBlocks > 0 && (
                    <span className="scheduled-mark scheduled-mark--failed">{t('pages.editor.translations.stale', { count: translation.staleBlocks })}</span>
                  )}
                </td>
                <td className="data-table__actions">
                  <Link
                    className="button button--grey button--small"
                    to={toRouterPath(pageEditorPath(translation.pageID))}
                    aria-label={t('pages.editor.translations.openLabel', { title: translation.title || translation.locale })}
                  >
                    {t('pages.editor.translations.open')}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {hasPermission('create-page') && (
        <div className="translations__add">
          <button type="button" className="button button--orange" disabled={free.length === 0} onClick={open}>
            {t('pages.editor.translations.add')}
          </button>
          {settings && free.length === 0 && <p className="form__hint">{t('pages.editor.translations.noLocalesLeft')}</p>}
        </div>
      )}
      {adding && free.length > 0 && (
        <CopyPageModal
          title={t('pages.editor.translations.modalTitle')}
          intro={t('pages.editor.translations.intro')}
          submitText={t('pages.editor.translations.create')}
          cancelText={t('pages.editor.translations.cancel')}
          labels={{
            locale: t('pages.editor.translations.fields.locale'),
            title: t('pages.editor.translations.fields.title'),
            slug: t('pages.editor.translations.fields.slug'),
          }}
          localeProperty="newLocale"
          locales={free}
          // The slug is made from the title, under the same parent path, and follows it as the
          // translator types the translated title.
          initial={{ locale: free[0]!, title: editor.content.title, slug: suggestChildSlug(editor.content.title, parentPrefix(page.slug)) || page.slug }}
          slugPrefix={parentPrefix(page.slug)}
          busy={busy === 'addTranslation'}
          onClose={() => actions.dispatch({ type: 'endActivity' })}
          onSubmit={async (values) => {
            const pageID = await actions.createTranslation({ newLocale: values.locale, title: values.title, slug: values.slug });
            if (!pageID) return false;
            actions.dispatch({ type: 'endActivity' });
            navigate(toRouterPath(pageEditorPath(pageID)));
            return true;
          }}
        />
      )}
    </section>
  );
}
