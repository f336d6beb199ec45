import { useId } from 'react';
import { getIn, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import type { SchemaFormField } from '../state/schema-form-fields';
import { isLivePage, PagePicker } from './page-picker';
import { usePagesById } from './use-pages-by-id';

type Values = Record<string, unknown>;

/**
 * A `pages` prop (a cards block's chosen pages): the pages picked so far, in the order the site
 * shows them, each by its title and path (marked when the site does not show it), to move up or
 * down or remove; and the page search to add one, up to the prop's maximum. The form keeps
 * their ids.
 */
export function PagesField({ field, disabled, showError }: { field: SchemaFormField; disabled?: boolean; showError: boolean }) {
  const { t } = useTranslation();
  const { values, errors, touched, setFieldValue, setFieldTouched } = useFormikContext<Values>();
  const legendId = useId();
  const errorId = useId();
  const raw: unknown = getIn(values, field.name);
  const ids = Array.isArray(raw) ? raw.filter((id): id is string => typeof id === 'string') : [];
  const { pages, loading } = usePagesById(ids);
  const message: unknown = getIn(errors, field.name);
  const error = (getIn(touched, field.name) || showError) && typeof message === 'string' ? message : undefined;
  const max = field.max ?? Number.POSITIVE_INFINITY;

  const change = (next: string[]) => {
    void setFieldValue(field.name, next);
    void setFieldTouched(field.name, true, false);
  };
  const move = (from: number, to: number) => {
    const next = [...ids];
    const [id] = next.splice(from, 1);
    next.splice(to, 0, id!);
    change(next);
  };
  const nameOf = (id: string) => pages.get(id)?.title ?? (loading ? t('pages.editor.linkField.loading') : t('pages.editor.linkField.gone'));

  return (
    <fieldset className="pages-field" aria-describedby={[field.hint ? `${legendId}-hint` : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}>
      <legend id={legendId} className="field__label">
        {field.label}
      </legend>
      {field.hint && (
        <p id={`${legendId}-hint`} className="form__hint">
          {field.hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      {ids.length === 0 ? (
        <p className="pages-field__empty">{t('pages.editor.pagesField.empty')}</p>
      ) : (
        <ol className="pages-field__items" aria-labelledby={legendId}>
          {ids.map((id, index) => {
            const page = pages.get(id);
            const name = nameOf(id);
            return (
              <li key={id} className="pages-field__item">
                <span className="pages-field__title">{name}</span> {page && <span className="path">{page.path}</span>}
                {page && !isLivePage(page) && <span className="badge badge--not-published">{t('pages.editor.pagePicker.notPublished')}</span>}
                <span className="pages-field__actions">
                  <button type="button" className="button button--small" disabled={disabled || index === 0} aria-label={t('pages.editor.pagesField.moveUp', { title: name })} onClick={() => move(index, index - 1)}>
                    {t('pages.editor.list.up')}
                  </button>
                  <button type="button" className="button button--small" disabled={disabled || index === ids.length - 1} aria-label={t('pages.editor.pagesField.moveDown', { title: name })} onClick={() => move(index, index + 1)}>
                    {t('pages.editor.list.down')}
                  </button>
                  <button type="button" className="button button--small button--danger" disabled={disabled} aria-label={t('pages.editor.pagesField.remove', { title: name })} onClick={() => change(ids.filter((other) => other !== id))}>
                    {t('pages.editor.list.removeShort')}
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <PagePicker
        label={t('pages.editor.pagesField.search', { label: field.label })}
        pickLabel={(page) => t('pages.editor.pagesField.add', { title: page.title })}
        exclude={ids}
        disabled={disabled || ids.length >= max}
        hint={ids.length >= max ? t('pages.editor.list.full', { count: max }) : undefined}
        onPick={(page) => change([...ids, page.id])}
      />
    </fieldset>
  );
}
