import { useTranslation } from 'react-i18next';
import { ErrorList } from '../../../components/error-list/error-list';
import { useCurrentUser } from '../../../core/session/current-user';
import { usePageEditor } from '../state/page-editor-context';
import { chosenVisibility } from '../state/page-tags';
import { PAGE_TAGS_ERRORS, usePageTags } from '../state/use-page-tags';
import { TagCombobox } from './tag-combobox';

/**
 * The page's tags in Page Settings (issue 15), for page types that declare them: public and
 * private tags, saved with their own button because, like the slug, they apply at once to the
 * draft and the live page (decision 0023) rather than with the next publication. Not pinned by
 * a publication request: tagging is filing, not content.
 */
export function PageTagsField() {
  const { t } = useTranslation();
  const { page, actions } = usePageEditor();
  const { hasPermission } = useCurrentUser();
  const tags = usePageTags(page, actions.dispatch);
  const disabled = !hasPermission('edit-page') || tags.saving;
  const of = (visibility: 'public' | 'private') => tags.chosen.filter((tag) => chosenVisibility(tag) === visibility);

  let status = '';
  if (tags.saving) status = t('tags.field.saving');
  else if (tags.saved) status = [t('tags.field.saved', { count: tags.saved.count }), tags.saved.created.length > 0 ? t('tags.field.created', { count: tags.saved.created.length, names: tags.saved.created.join(', ') }) : ''].filter(Boolean).join(' ');
  else if (tags.changed) status = t('tags.field.unsaved');

  return (
    <fieldset className="form__group page-tags">
      <legend>{t('tags.field.legend')}</legend>
      <p className="form__hint">{t('tags.field.appliesAtOnce')}</p>
      <ErrorList collection={PAGE_TAGS_ERRORS} />
      {tags.loading ? (
        <p role="status">{t('tags.field.loading')}</p>
      ) : (
        <>
          <TagCombobox
            label={t('tags.field.public')}
            hint={t('tags.field.publicHint')}
            locale={page.locale}
            visibility="public"
            chosen={of('public')}
            disabled={disabled}
            onAdd={tags.add}
            onRemove={tags.remove}
          />
          <TagCombobox
            label={t('tags.field.private')}
            hint={t('tags.field.privateHint')}
            locale={page.locale}
            visibility="private"
            chosen={of('private')}
            disabled={disabled}
            onAdd={tags.add}
            onRemove={tags.remove}
          />
        </>
      )}
      <div className="form__actions">
        <button type="button" className="button button--orange" disabled={disabled || !tags.changed} onClick={() => void tags.save()}>
          {t('tags.field.save')}
        </button>
        <p className="page-tags__status" role="status">
          {status}
        </p>
      </div>
    </fieldset>
  );
}
