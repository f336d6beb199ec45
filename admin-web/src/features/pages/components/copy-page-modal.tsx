import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList } from '../../../components/error-list/error-list';
import { sameProperty } from '../../../components/form-field/text-field';
import { Modal } from '../../../components/modal/modal';
import { useErrorCollection } from '../../../core/errors/error-store-context';
import { slugFollowsTitle, suggestSlug } from '../state/slug-suggestion';
import { SlugField } from './slug-field';
import { useSlugAvailability } from './use-slug-availability';

export interface CopyPageValues {
  locale: string;
  title: string;
  slug: string;
}

interface CopyPageModalProps {
  title: string;
  intro?: string;
  submitText: string;
  cancelText: string;
  labels: { locale: string; title: string; slug: string };
  /** The locales to choose from (at least one). */
  locales: readonly string[];
  initial: CopyPageValues;
  busy: boolean;
  /** Resolves whether it worked; on failure the modal stays, with the page-editor errors. */
  onSubmit: (values: CopyPageValues) => Promise<boolean>;
  onClose: () => void;
}

/**
 * A new page from this one, in a locale, with a title and a slug (checked live in that locale,
 * suggested from the title until typed): Add translation and Duplicate.
 */
export function CopyPageModal({ title, intro, submitText, cancelText, labels, locales, initial, busy, onSubmit, onClose }: CopyPageModalProps) {
  const formId = useId();
  const localeId = useId();
  const titleId = useId();
  const errors = useErrorCollection('page-editor');
  const [values, setValues] = useState<CopyPageValues>(initial);
  const check = useSlugAvailability(values.slug, values.locale, { skip: values.slug.trim() === '' });
  const invalid = (property: string) => errors.some((error) => sameProperty(error.property, property)) || undefined;

  return (
    <Modal
      title={title}
      onClose={onClose}
      buttons={[
        { text: cancelText, theme: 'grey', onClick: onClose },
        { text: submitText, theme: 'orange', form: formId, disabled: busy },
      ]}
    >
      <form
        id={formId}
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit(values);
        }}
      >
        {intro && <p className="form__intro">{intro}</p>}
        <ErrorList collection="page-editor" />
        <div className="field">
          <label className="field__label" htmlFor={localeId}>
            {labels.locale}
          </label>
          <select
            id={localeId}
            className="field__input"
            value={values.locale}
            aria-invalid={invalid('locale') ?? invalid('newLocale')}
            onChange={(event) => setValues({ ...values, locale: event.target.value })}
          >
            {locales.map((locale) => (
              <option key={locale} value={locale}>
                {locale}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={titleId}>
            {labels.title}
          </label>
          <input
            id={titleId}
            className="field__input"
            value={values.title}
            autoComplete="off"
            autoFocus
            aria-invalid={invalid('title')}
            onChange={(event) => {
              const next = event.target.value;
              setValues({ ...values, title: next, slug: slugFollowsTitle(values.slug, values.title) ? suggestSlug(next) : values.slug });
            }}
          />
        </div>
        <SlugField
          label={labels.slug}
          value={values.slug}
          check={check}
          invalid={invalid('slug')}
          onChange={(event) => setValues({ ...values, slug: event.target.value })}
        />
      </form>
    </Modal>
  );
}
