import { getIn, useFormikContext } from 'formik';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../core/api/api-context';
import { tagQueries } from '../../../core/tags/tag-queries';
import type { ChosenTag } from '../state/page-tags';
import type { SchemaFormField } from '../state/schema-form-fields';
import { TagCombobox } from './tag-combobox';

type Values = Record<string, unknown>;

/**
 * A `public-tag` prop (the tag filter of a cards block or an overview): one public tag of the
 * page's locale, picked with the tag combobox in its single mode and kept by its id ('' for
 * none). The stored id is named from the locale's public list (tags/fetch). Only existing tags
 * are offered: a filter names a tag pages already carry, it does not make one.
 */
export function PublicTagField({ field, locale, disabled, showError }: { field: SchemaFormField; locale: string; disabled?: boolean; showError: boolean }) {
  const { t } = useTranslation();
  const api = useApi();
  const { values, errors, touched, setFieldValue, setFieldTouched } = useFormikContext<Values>();
  const raw: unknown = getIn(values, field.name);
  const id = typeof raw === 'string' ? raw.trim() : '';
  const list = useQuery({ ...tagQueries.list(api, locale, 'public'), enabled: id !== '' });
  const tag = id === '' ? undefined : list.data?.find((candidate) => candidate.id === id);
  const chosen: ChosenTag[] = tag ? [{ kind: 'existing', tag }] : [];
  const message: unknown = getIn(errors, field.name);
  const error = (getIn(touched, field.name) || showError) && typeof message === 'string' ? message : undefined;
  const clearLabel = t('pages.editor.tagFilter.clear');

  const change = (next: string) => {
    void setFieldValue(field.name, next);
    void setFieldTouched(field.name, true, false);
  };

  return (
    <div className="public-tag-field">
      <TagCombobox
        label={field.label}
        hint={field.hint ?? ''}
        locale={locale}
        visibility="public"
        chosen={chosen}
        disabled={!!disabled}
        // The single mode offers existing tags only; a pick takes the chosen one's place.
        onAdd={(picked) => picked.kind === 'existing' && change(picked.tag.id)}
        onRemove={() => change('')}
        single={{ clearLabel }}
      />
      {id !== '' && !tag && (
        // An id the list does not name (yet): still there to clear, since the site filters by it.
        <div className="public-tag-field__unknown">
          <p className="form__hint">{list.isPending ? t('pages.editor.tagFilter.loading') : t('pages.editor.tagFilter.gone')}</p>
          {!list.isPending && (
            <button type="button" className="button button--small button--grey" disabled={disabled} onClick={() => change('')}>
              {clearLabel}
            </button>
          )}
        </div>
      )}
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}
