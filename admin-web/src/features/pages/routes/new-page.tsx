import { useEffect, useId, useState } from 'react';
import { Form, Formik, useField, useFormikContext } from 'formik';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import { pageEditorPath, pageTypeByPathId, pageTypes, type PageTypeDefinition } from '@pagelog/contracts/pages/page-types';
import { createPageSchema } from '@pagelog/contracts/pages/schemas';
import { childSlugPrefix } from '@pagelog/contracts/pages/site-structure';
import { isLocale } from '@pagelog/contracts/locales';
import { isValidSlug, publicPath } from '@pagelog/contracts/slugs';
import { ErrorList } from '../../../components/error-list/error-list';
import { ErrorsFollowForm } from '../../../components/form-field/errors-follow-form';
import { SelectField } from '../../../components/form-field/select-field';
import { toRouterPath } from '../../../components/navigation/build-navigation';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { validateSyncWith, validateWith } from '../../../core/errors/validation-errors';
import { useSiteSettings } from '../../../core/settings/site-settings';
import { useCurrentUser } from '../../../core/session/current-user';
import { usePageTypeLabel } from '../components/use-page-type-label';
import { TitleAndSlugFields } from '../components/title-and-slug-fields';
import { firstErrorPerProperty } from '../state/first-error-per-property';
import { usePagesApi } from '../state/use-pages-api';

const allTypes: PageTypeDefinition[] = Object.values(pageTypes);

/** The form's fields in their order on screen, which its error summary follows. */
const fieldOrder = ['type', 'locale', 'title', 'slug'] as const;

/** What submit checks before asking the API: the contract's schema, one message per field. */
function checkNewPage(values: NewPageValues) {
  const checked = validateSyncWith(createPageSchema, { ...values, content: '', typeData: {} }, 'page');
  return checked.ok ? [] : firstErrorPerProperty(checked.errors);
}

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

  // From the site structure's "Add page": the page to put it under (its slug) and the locale.
  const parent = search.get('parent') ?? '';
  const parentSlug = isValidSlug(parent) ? parent : null;
  const slugPrefix = parentSlug === null ? '' : childSlugPrefix(parentSlug);
  const locale = search.get('locale') ?? '';

  const initialValues: NewPageValues = {
    type: pageTypeByPathId(search.get('type') ?? '')?.id ?? 'base',
    locale: isLocale(locale) ? locale : '',
    title: '',
    slug: slugPrefix,
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
            slugHint={parentSlug === null ? t('pages.newPage.slugHint') : <ParentHint parentSlug={parentSlug} prefix={slugPrefix} />}
            errorCollection="create-page"
            slugPrefix={slugPrefix}
          />
          <ErrorsFollowForm collection="create-page" check={checkNewPage} fields={fieldOrder} />
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

/** Where a page added under a parent goes: the parent's public path, in the locale chosen. */
function ParentHint({ parentSlug, prefix }: { parentSlug: string; prefix: string }) {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const { values } = useFormikContext<NewPageValues>();
  const path = publicPath(values.locale || settings?.defaultLocale || '', parentSlug, settings?.defaultLocale ?? '');
  return (
    <>
      {prefix === '' ? t('pages.newPage.topLevelHint') : t('pages.newPage.parentHint', { path, prefix })} {t('pages.newPage.slugHint')}
    </>
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
