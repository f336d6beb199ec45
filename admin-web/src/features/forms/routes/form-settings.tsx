import { useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import { IDEMPOTENCY_KEY_HEADER } from '@pagelog/contracts/endpoints';
import { languageName } from '@pagelog/contracts/language-name';
import type { EditableFormSettings, FormLocaleSettings } from '@pagelog/contracts/forms/form-settings';
import type { Locale } from '@pagelog/contracts/locales';
import { ErrorList } from '../../../components/error-list/error-list';
import { useApi } from '../../../core/api/api-context';
import { endpointQuery } from '../../../core/api/endpoint-query';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { useCurrentUser } from '../../../core/session/current-user';

const FORMS_ERRORS = 'forms';

/** What the screen edits of one form: its period (or none) and, per locale, the texts as typed and the recipients one per line. */
interface Draft {
  keep: boolean;
  months: string;
  locales: Record<string, { intro: string; thankYou: string; recipients: string; confirmationMail: boolean }>;
}

const emptyLocale: FormLocaleSettings = { intro: '', thankYou: '', recipients: [], confirmationMail: false };

function draftOf(settings: EditableFormSettings, locales: readonly Locale[]): Draft {
  return {
    keep: settings.retentionMonths === null,
    months: settings.retentionMonths === null ? '12' : String(settings.retentionMonths),
    locales: Object.fromEntries(
      locales.map((locale) => {
        const own = settings.locales[locale] ?? emptyLocale;
        return [locale, { intro: own.intro, thankYou: own.thankYou, recipients: own.recipients.join('\n'), confirmationMail: own.confirmationMail }];
      }),
    ),
  };
}

/** /cmsadmin/forms/settings (issue 16), for manage-forms: per form its retention period and, per locale, the intro, the thank-you text, who is notified and whether the submitter gets a confirmation. */
export function FormSettingsRoute() {
  const { t } = useTranslation();
  const { hasPermission } = useCurrentUser();
  if (!hasPermission('manage-forms')) {
    return (
      <section className="screen">
        <h1 className="screen__title">{t('formSettings.title')}</h1>
        <p className="screen__description">{messageFor('UM_01')}</p>
      </section>
    );
  }
  return <FormSettingsScreen />;
}

function FormSettingsScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const errors = useErrorStore();
  const queryClient = useQueryClient();
  const id = useId();
  const query = useQuery(endpointQuery(api, 'formsSettings', {}));
  const list = query.data;
  const [formId, setFormId] = useState<string>('informationRequest');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [conflict, setConflict] = useState(false);
  const current = list?.forms.find((f) => f.form === formId) ?? null;

  useEffect(() => {
    if (current && list) setDraft(draftOf(current, list.availableLocales));
    // A new form chosen, or its settings changed (a save): the draft starts from what is stored.
    // A read that finds them as they were leaves the draft as typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formId, current?.revision, list?.availableLocales.join(',')]);
  useEffect(() => () => errors.clear(FORMS_ERRORS), [errors]);

  if (!list || !current || !draft) return (
      <section className="screen">
        <h1 className="screen__title">{t("formSettings.title")}</h1>
        <p>{t("formSettings.loading")}</p>
      </section>
    );

  const setLocale = (locale: string, change: Partial<Draft['locales'][string]>) => {
    setSaved(false);
    setDraft({ ...draft, locales: { ...draft.locales, [locale]: { ...draft.locales[locale]!, ...change } } });
  };

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!draft) return;
    setSaving(true);
    errors.clear(FORMS_ERRORS);
    const months = Number(draft.months);
    const body = {
      form: formId,
      // The revision read: a save another came before is refused (409) rather than undoing theirs.
      revision: current!.revision,
      retentionMonths: draft.keep ? null : draft.months.trim() === '' ? Number.NaN : months,
      locales: Object.fromEntries(
        Object.entries(draft.locales).map(([locale, s]) => [
          locale,
          { intro: s.intro, thankYou: s.thankYou, recipients: s.recipients.split(/[\n,;]/).map((r) => r.trim()).filter((r) => r !== ''), confirmationMail: s.confirmationMail },
        ]),
      ),
    };
    const reply = await api.call('formsSettingsUpdate', { body });
    setSaving(false);
    if (reply.Success) {
      setSaved(true);
      setConflict(false);
      await queryClient.invalidateQueries();
    } else if (reply.status === 409 && reply.Errors.every((error) => error.property !== IDEMPOTENCY_KEY_HEADER)) {
      // Another save came first: the input stays until the user asks for the current settings.
      setConflict(true);
    } else {
      // The draft stays as typed: nothing is lost by a refusal.
      errors.set(FORMS_ERRORS, reply.Errors);
    }
  }

  return (
    <section className="screen form-settings">
      <h1 className="screen__title">{t('formSettings.title')}</h1>
      <p className="screen__description">{t('formSettings.description')}</p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-form`}>
          {t('formSettings.form')}
        </label>
        <select id={`${id}-form`} className="field__input" value={formId} onChange={(e) => { setSaved(false); setFormId(e.target.value); }}>
          {list.forms.map((f) => (
            <option key={f.form} value={f.form}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      <form onSubmit={save} noValidate aria-label={t('formSettings.formLabel', { form: current.label })}>
        {conflict && (
          <div className="notice notice--warning notice--inline" role="alert">
            <p className="notice__text">{t('formSettings.conflict.text')}</p>
            <div className="notice__actions">
              <button
                type="button"
                className="button button--grey button--small"
                onClick={() =>
                  void query.refetch().then(({ data }) => {
                    const fresh = data?.forms.find((f) => f.form === formId);
                    setConflict(false);
                    if (fresh && data) setDraft(draftOf(fresh, data.availableLocales));
                  })
                }
              >
                {t('formSettings.conflict.loadCurrent')}
              </button>
            </div>
          </div>
        )}
        <ErrorList collection={FORMS_ERRORS} />
        <fieldset className="form-settings__retention">
          <legend>{t('formSettings.retention.legend')}</legend>
          <div className="field field--check">
            <input id={`${id}-keep`} type="checkbox" checked={draft.keep} onChange={(e) => { setSaved(false); setDraft({ ...draft, keep: e.target.checked }); }} />
            <label htmlFor={`${id}-keep`}>{t('formSettings.retention.keep')}</label>
          </div>
          {!draft.keep && (
            <div className="field">
              <label className="field__label" htmlFor={`${id}-months`}>
                {t('formSettings.retention.months')}
              </label>
              <input id={`${id}-months`} className="field__input" type="number" min={1} max={120} value={draft.months} onChange={(e) => { setSaved(false); setDraft({ ...draft, months: e.target.value }); }} />
            </div>
          )}
        </fieldset>
        {list.availableLocales.map((locale) => {
          const s = draft.locales[locale]!;
          const defaults = current.defaults[locale];
          const field = (name: string) => `${id}-${locale}-${name}`;
          return (
            <fieldset key={locale} className="form-settings__locale">
              <legend>{t('formSettings.locale', { language: languageName(locale), code: locale })}</legend>
              <div className="field">
                <label className="field__label" htmlFor={field('intro')}>{t('formSettings.intro')}</label>
                <textarea id={field('intro')} className="field__input" rows={2} value={s.intro} placeholder={defaults?.intro} onChange={(e) => setLocale(locale, { intro: e.target.value })} />
              </div>
              <div className="field">
                <label className="field__label" htmlFor={field('thanks')}>{t('formSettings.thankYou')}</label>
                <textarea id={field('thanks')} className="field__input" rows={2} value={s.thankYou} placeholder={defaults?.thankYou} onChange={(e) => setLocale(locale, { thankYou: e.target.value })} />
              </div>
              <div className="field">
                <label className="field__label" htmlFor={field('recipients')}>{t('formSettings.recipients')}</label>
                <p className="field__hint" id={field('recipients-hint')}>{t('formSettings.recipientsHint')}</p>
                <textarea id={field('recipients')} className="field__input" rows={3} value={s.recipients} aria-describedby={field('recipients-hint')} onChange={(e) => setLocale(locale, { recipients: e.target.value })} />
              </div>
              <div className="field field--check">
                <input id={field('confirmation')} type="checkbox" checked={s.confirmationMail} onChange={(e) => setLocale(locale, { confirmationMail: e.target.checked })} />
                <label htmlFor={field('confirmation')}>{t('formSettings.confirmationMail')}</label>
              </div>
            </fieldset>
          );
        })}
        <div className="form-settings__actions">
          <button type="submit" className="button button--primary" disabled={saving}>
            {t('formSettings.save')}
          </button>
          <p role="status">{saved ? t('formSettings.saved') : ''}</p>
        </div>
      </form>
    </section>
  );
}
