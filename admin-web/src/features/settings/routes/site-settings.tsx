import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form, Formik, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import type { EditableSettings, LocaleWithPages } from '@pagelog/contracts/settings/site-settings';
import { ErrorList } from '../../../components/error-list/error-list';
import { LeaveGuard } from '../../../components/leave-guard/leave-guard';
import { useApi } from '../../../core/api/api-context';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { useCurrentUser } from '../../../core/session/current-user';
import { settingsQueries } from '../api/settings-queries';
import { ContactSection } from '../components/contact-section';
import { DefaultSeoImageSection, IdentitySection } from '../components/identity-section';
import { LocalesSection } from '../components/locales-section';
import { RemoveLocalesDialog } from '../components/remove-locales-dialog';
import { SocialLinksSection } from '../components/social-links-section';
import { formValuesOf, localesWithPagesRemoved, type SiteSettingsFormValues } from '../state/settings-form';
import { SETTINGS_ERRORS, useSaveSiteSettings } from '../state/use-save-site-settings';

/** The site settings (issue 13), for administrators: identity, contact, social links, default SEO image, locales. */
export function SiteSettingsRoute() {
  const { t } = useTranslation();
  const { hasPermission } = useCurrentUser();
  if (!hasPermission('manage-settings')) {
    return (
      <section className="screen">
        <h1 className="screen__title">{t('siteSettings.title')}</h1>
        <p className="screen__description">{messageFor('UM_01')}</p>
      </section>
    );
  }
  return <SiteSettingsScreen />;
}

function SiteSettingsScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const errors = useErrorStore();
  const saving = useSaveSiteSettings();
  const edit = useQuery(settingsQueries.edit(api));
  // The settings the form started from (and the revision a save names): they change only when
  // the user saves or asks for the latest, never because a read came back (an upload in the
  // picker makes every read come again), so what is typed is never replaced under the user.
  const [base, setBase] = useState<EditableSettings | null>(null);
  const [generation, setGeneration] = useState(0);
  const [notice, setNotice] = useState<'saved' | 'conflict' | null>(null);
  const [confirming, setConfirming] = useState<readonly LocaleWithPages[] | null>(null);
  const form = useRef<FormikProps<SiteSettingsFormValues>>(null);
  const allowLeave = useRef(false);

  useEffect(() => {
    if (!base && edit.data) setBase(edit.data);
  }, [base, edit.data]);
  useEffect(() => () => errors.clear(SETTINGS_ERRORS), [errors]);

  const header = (
    <>
      <h1 className="screen__title">{t('siteSettings.title')}</h1>
      <p className="screen__description">{t('siteSettings.description')}</p>
    </>
  );
  if (!base) {
    return (
      <section className="screen">
        {header}
        {edit.isError ? (
          <p className="notice notice--warning" role="alert">
            {t('siteSettings.loadFailed')}
          </p>
        ) : (
          <p role="status">{t('siteSettings.loading')}</p>
        )}
      </section>
    );
  }
  const current = base;
  // The freshest count there is: a page written in a locale since the screen opened counts too.
  const pagesPerLocale = edit.data?.pagesPerLocale ?? current.pagesPerLocale;

  async function save(values: SiteSettingsFormValues, confirmed: boolean) {
    setNotice(null);
    const outcome = await saving.mutateAsync({ values, base: { revision: current.revision, availableLocales: current.availableLocales, pagesPerLocale }, confirmed });
    if (outcome.kind === 'confirm') {
      setConfirming(outcome.removed);
      return;
    }
    if (outcome.kind === 'locales-with-pages') {
      // The server counted pages this screen did not know of yet: ask again, with its count.
      const fresh = (await edit.refetch()).data?.pagesPerLocale ?? pagesPerLocale;
      const removed = localesWithPagesRemoved(current.availableLocales, values, fresh);
      setConfirming(removed.length > 0 ? removed : null);
      return;
    }
    setConfirming(null);
    if (outcome.kind === 'conflict') setNotice('conflict');
    if (outcome.kind !== 'saved') return;
    const { availableLocales, defaultLocale, customSlugLocales } = values;
    setBase({ ...current, revision: outcome.result.revision, availableLocales, defaultLocale, customSlugLocales });
    form.current?.resetForm({ values });
    setNotice('saved');
  }

  async function loadLatest() {
    const fresh = (await edit.refetch()).data;
    if (!fresh) return;
    errors.clear(SETTINGS_ERRORS);
    setNotice(null);
    setBase(fresh);
    setGeneration((n) => n + 1);
  }

  return (
    <section className="screen">
      {header}
      <Formik key={generation} innerRef={form} initialValues={formValuesOf(current)} onSubmit={(values) => save(values, false)}>
        {({ dirty, isSubmitting }) => (
          <Form className="form form--wide site-settings" noValidate>
            <LeaveGuard when={dirty} onLeave={() => errors.clear(SETTINGS_ERRORS)} allowRef={allowLeave} />
            {notice === 'saved' && (
              <p className="notice notice--success" role="status">
                {t('siteSettings.saved')}
              </p>
            )}
            {notice === 'conflict' && (
              <div className="notice notice--warning notice--inline" role="alert">
                <p className="notice__text">{t('siteSettings.conflict.text')}</p>
                <div className="notice__actions">
                  <button type="button" className="button button--grey button--small" onClick={() => void loadLatest()}>
                    {t('siteSettings.conflict.loadLatest')}
                  </button>
                </div>
              </div>
            )}
            <ErrorList collection={SETTINGS_ERRORS} />
            <IdentitySection />
            <ContactSection />
            <SocialLinksSection />
            <DefaultSeoImageSection />
            <LocalesSection pagesPerLocale={pagesPerLocale} />
            <div className="form__actions">
              <button type="submit" className="button button--orange" disabled={isSubmitting || saving.isPending}>
                {isSubmitting || saving.isPending ? t('siteSettings.saving') : t('siteSettings.save')}
              </button>
            </div>
          </Form>
        )}
      </Formik>
      {confirming && (
        <RemoveLocalesDialog
          removed={confirming}
          busy={saving.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => form.current && void save(form.current.values, true)}
        />
      )}
    </section>
  );
}
