import { useId } from 'react';
import { Form, Formik } from 'formik';
import { ErrorList } from '../../../components/error-list/error-list';
import { SelectField } from '../../../components/form-field/select-field';
import { Modal } from '../../../components/modal/modal';
import { TitleAndSlugFields } from './title-and-slug-fields';

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
  /** What errors about the locale name it: `newLocale` for a translation, `locale` for a copy. */
  localeProperty: 'locale' | 'newLocale';
  /** The locales to choose from (at least one). */
  locales: readonly string[];
  initial: CopyPageValues;
  /** What the slug starts with (the parent's path, `expertise/`); the slug follows the title after it. */
  slugPrefix?: string;
  busy: boolean;
  /** Resolves whether it worked; on failure the modal stays, with the page-editor errors. */
  onSubmit: (values: CopyPageValues) => Promise<boolean>;
  onClose: () => void;
}

/**
 * A new page from this one, in a locale, with a title and a slug (checked live in that locale,
 * suggested from the title until typed): Add translation and Duplicate.
 */
export function CopyPageModal({ title, intro, submitText, cancelText, labels, localeProperty, locales, initial, slugPrefix, busy, onSubmit, onClose }: CopyPageModalProps) {
  const formId = useId();
  return (
    <Modal
      title={title}
      onClose={onClose}
      buttons={[
        { text: cancelText, theme: 'grey', onClick: onClose },
        { text: submitText, theme: 'orange', form: formId, disabled: busy },
      ]}
    >
      <Formik initialValues={initial} onSubmit={(values) => void onSubmit(values)}>
        <Form id={formId} className="form" noValidate>
          {intro && <p className="form__intro">{intro}</p>}
          <ErrorList collection="page-editor" />
          <SelectField name="locale" label={labels.locale} errorCollection="page-editor" property={localeProperty}>
            {locales.map((locale) => (
              <option key={locale} value={locale}>
                {locale}
              </option>
            ))}
          </SelectField>
          <TitleAndSlugFields titleLabel={labels.title} slugLabel={labels.slug} errorCollection="page-editor" slugPrefix={slugPrefix} />
        </Form>
      </Formik>
    </Modal>
  );
}
