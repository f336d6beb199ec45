import { useEffect, useId, useState } from 'react';
import { Form, Formik, useField, useFormikContext } from 'formik';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import { pageEditorPath, pageTypeByPathId, pageTypes, type PageTypeDefinition } from '@pagelog/contracts/pages/page-types';
import { createPageSchema } from '@pagelog/contracts/pages/schemas';
import { ErrorList } from '../../../components/error-list/error-list';
import { SelectField } from '../../../components/form-field/select-field';
import { toRouterPath } from '../../../components/navigation/build-navigation';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { validateWith } from '../../../core/errors/validation-errors';
import { useSiteSettings } from '../../../core/settings/site-settings';
import { useCurrentUser } from '../../../core/session/current-user';
import { usePageTypeLabel } from '../components/use-page-type-label';
import { TitleAndSlugFields } from '../components/title-and-slug-fields';
import { firstErrorPerProperty } from '../state/first-error-per-property';
import { usePagesApi } from '../state/use-pages-api';

const allTypes: PageTypeDefinition[] = Object.values(pageTypes);

interface NewPageValues {
  type: string;
  locale: string;
  title: string;
  slug: string;
}

/** /cmsadmin/new-page: a page of a chosen type and locale, with a title and a slug (create-page). */
export function NewPageRoute() {
  const { t } = useTranslation();
  const { hasPermission } = useCurrentUser();
  if (!hasPermission('create-page')) {
    return (
      <section className="screen">
        <h1 className="screen__title">{t('pages.newPage.title')}</h1>
        <p className="screen__description">{messageFor('UM_01')}</p>
      </section>
    );
  }
  return <NewPageForm />;
}

function NewPageForm() {
  const { t } = useTranslation();
  const pages = usePagesApi();
  const errors = useErrorStore();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [creating, setCreating] = useState(false);

  // The form starts without the errors of an earlier visit.
  useEffect(() => errors.clear('create-page'), [errors]);

  const initialValues: NewPageValues = {
    type: pageTypeByPathId(search.get('type') ?? '')?.id ?? 'base',
    locale: '',
    title: '',
    slug: '',
  };

  async function create(values: NewPageValues) {
    errors.clear('create-page');
    const checked = await validateWith(createPageSchema, { ...values, content: '', typeData: {} }, 'page');
    if (!checked.ok) {
      errors.set('create-page', firstErrorPerProperty(checked.errors));
      return;
    }
    setCreating(true);
    try {
      const reply = await pages.create(checked.value);
      if (!reply.Success || !reply.data) {
        errors.set('create-page', reply.Errors);
        return;
      }
      navigate(toRouterPath(pageEditorPath(reply.data.pageID)));
    } finally {
      setCreating(false);
    }
  }

  return (
    <section className="screen">
      <h1 className="screen__title">{t('pages.newPage.title')}</h1>
      <p className="screen__description">{t('pages.newPage.intro')}</p>
      <Formik initialValues={initialValues} onSubmit={create}>
        <Form className="form form--wide" noValidate>
          <ErrorList collection="create-page" />
          <TypeField />
          <LocaleField />
          <TitleAndSlugFields
            titleLabel={t('pages.newPage.fields.title')}
            slugLabel={t('pages.newPage.fields.slug')}
            slugHint={t('pages.newPage.slugHint')}
            errorCollection="create-page"
          />
          <div className="form__actions">
            <button type="submit" className="button button--orange" disabled={creating}>
              {t('pages.newPage.submit')}
            </button>
          </div>
        </Form>
      </Formik>
    </section>
  );
}

function TypeField() {
  const { t } = useTranslation();
  const typeLabel = usePageTypeLabel('singular');
  const [field] = useField<string>('type');
  const hintId = useId();
  const description = pageTypes[field.value as keyof typeof pageTypes]?.description;
  return (
    <div className="field-with-hint">
      <SelectField name="type" label={t('pages.newPage.fields.type')} errorCollection="create-page" describedBy={hintId}>
        {allTypes.map((type) => (
          <option key={type.id} value={type.id}>
            {typeLabel(type.id)}
          </option>
        ))}
      </SelectField>
      <p id={hintId} className="form__hint">
        {description}
      </p>
    </div>
  );
}

function LocaleField() {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const { values, setFieldValue } = useFormikContext<NewPageValues>();

  // The site's default locale, once the settings are there and the user has not chosen one.
  useEffect(() => {
    if (settings && values.locale === '') void setFieldValue('locale', settings.defaultLocale);
  }, [settings, values.locale, setFieldValue]);

  return (
    <SelectField name="locale" label={t('pages.newPage.fields.locale')} errorCollection="create-page">
      {!settings && <option value="">{t('pages.newPage.loadingLocales')}</option>}
      {(settings?.availableLocales ?? []).map((locale) => (
        <option key={locale} value={locale}>
          {locale}
        </option>
      ))}
    </SelectField>
  );
}
