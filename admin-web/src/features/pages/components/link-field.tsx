import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { pageLink } from '@pagelog/contracts/blocks/link-target';
import { chosenPageOf } from '../state/chosen-page';
import { isLivePage, PagePicker } from './page-picker';
import { usePagesById } from './use-pages-by-id';

export interface LinkFieldProps {
  /** The id the field's label points at: the address input, or the chosen page. */
  id: string;
  name: string;
  /** The field's label, for the page search's own ("Or find a page for Button link"). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  disabled?: boolean;
  invalid?: boolean;
  required?: boolean;
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * One control for a `link` prop: a page of the site, found with the page search and kept by its
 * id (the link follows the page when it moves, like a menu item), or an address typed in (a full
 * URL, a path, an #anchor, mailto: or tel:). A chosen page shows its title and path, whether the
 * site shows it, and takes an anchor on it; it can be removed to type an address instead.
 */
export function LinkField({ id, name, label, value, onChange, onBlur, disabled, invalid, required, describedBy, inputRef }: LinkFieldProps) {
  const { t } = useTranslation();
  const anchorId = useId();
  const chosen = chosenPageOf(value);
  const { pages, loading } = usePagesById(chosen ? [chosen.pageId] : []);
  const page = chosen ? pages.get(chosen.pageId) : undefined;
  const aria = { 'aria-invalid': invalid || undefined, 'aria-required': required || undefined, 'aria-describedby': describedBy };

  return (
    <div className="link-field">
      {chosen ? (
        <div className="link-field__page">
          <input
            {...aria}
            ref={inputRef}
            id={id}
            name={name}
            className="field__input"
            type="text"
            readOnly
            disabled={disabled}
            value={page ? `${page.title} (${page.path})` : loading ? t('pages.editor.linkField.loading') : t('pages.editor.linkField.gone')}
            onBlur={onBlur}
          />
          {page && !isLivePage(page) && <span className="badge badge--not-published">{t('pages.editor.pagePicker.notPublished')}</span>}
          <div className="link-field__anchor">
            <label className="field__label" htmlFor={anchorId}>
              {t('pages.editor.linkField.anchor')}
            </label>
            <input
              id={anchorId}
              className="field__input"
              type="text"
              autoComplete="off"
              spellCheck={false}
              disabled={disabled}
              value={chosen.anchor}
              onChange={(event) => onChange(pageLink(chosen.pageId, event.target.value))}
              onBlur={onBlur}
            />
          </div>
          <button type="button" className="button button--grey button--small" disabled={disabled} onClick={() => onChange('')}>
            {t('pages.editor.linkField.removePage')}
          </button>
        </div>
      ) : (
        // Not type="url": paths on this site (/over-ons) and #anchors are links too.
        <input
          {...aria}
          ref={inputRef}
          id={id}
          name={name}
          className="field__input"
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      )}
      <PagePicker
        label={t('pages.editor.linkField.search', { label })}
        pickLabel={(found) => t('pages.editor.linkField.choose', { title: found.title })}
        exclude={chosen ? [chosen.pageId] : []}
        disabled={disabled}
        onPick={(found) => {
          onChange(pageLink(found.id, chosen?.anchor ?? ''));
          onBlur();
        }}
      />
    </div>
  );
}
