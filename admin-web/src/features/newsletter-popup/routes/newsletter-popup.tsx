import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { dequal } from 'dequal';
import { useTranslation } from 'react-i18next';
import { IDEMPOTENCY_KEY_HEADER } from '@pagelog/contracts/endpoints';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import { updateNewsletterPopupSchema, type EditableNewsletterPopup } from '@pagelog/contracts/newsletter-popup/popup-settings';
import type { Locale } from '@pagelog/contracts/locales';
import { ErrorList } from '../../../components/error-list/error-list';
import { LeaveGuard } from '../../../components/leave-guard/leave-guard';
import { useApi } from '../../../core/api/api-context';
import { endpointQuery } from '../../../core/api/endpoint-query';
import { useErrorCollection, useErrorStore } from '../../../core/errors/error-store-context';
import { validateWith } from '../../../core/errors/validation-errors';
import { useCurrentUser } from '../../../core/session/current-user';
import { PopupLocaleSection } from '../components/popup-locale-section';
import { draftOf, errorsAt, pathLineOf, POPUP_MODEL, propertyOf, updateBodyOf, type LocaleDraft, type PopupDraft } from '../state/popup-draft';

export const POPUP_ERRORS = 'newsletter-popup';

/** /cmsadmin/modules/newsletter-popup (issue 16), for manage-forms: per locale whether the newsletter popup is shown, when, where, how long it stays away, and its texts. */
export function NewsletterPopupRoute() {
  const { t } = useTranslation();
  const { hasPermission } = useCurrentUser();
  if (!hasPermission('manage-forms')) {
    return (
      <section className="screen">
        <h1 className="screen__title">{t('newsletterPopup.title')}</h1>
        <p className="screen__description">{messageFor('UM_01')}</p>
      </section>
    );
  }
  return <NewsletterPopupScreen />;
}

function NewsletterPopupScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const store = useErrorStore();
  const errors = useErrorCollection(POPUP_ERRORS);
  const query = useQuery(endpointQuery(api, 'newsletterPopupSettings'));
  // What the screen started from (and the revision a save names): replaced only by a save or by
  // asking for the current values, never by a read coming back (every command makes the reads
  // come again), so what is typed is never replaced under the user.
  const [base, setBase] = useState<EditableNewsletterPopup | null>(null);
  const [draft, setDraft] = useState<PopupDraft | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<'saved' | 'conflict' | null>(null);
  const allowLeave = useRef(false);

  useEffect(() => {
    if (base || !query.data) return;
    setBase(query.data);
    setDraft(draftOf(query.data));
  }, [base, query.data]);
  useEffect(() => () => store.clear(POPUP_ERRORS), [store]);
  const dirty = useMemo(() => base !== null && draft !== null && !dequal(draft, draftOf(base)), [base, draft]);

  const header = (
    <>
      <h1 className="screen__title">{t('newsletterPopup.title')}</h1>
      <p className="screen__description">{t('newsletterPopup.description')}</p>
    </>
  );
  if (!base || !draft) {
    return (
      <section className="screen">
        {header}
        {query.isError ? (
          <p className="notice notice--warning" role="alert">
            {t('newsletterPopup.loadFailed')}
          </p>
        ) : (
          <p role="status">{t('newsletterPopup.loading')}</p>
        )}
      </section>
    );
  }
  const current = base;

  /** A path's refusal names its line: the catalogue has no label for `paths[2]`. */
  const readable = (found: readonly ErrorItem[]): ErrorItem[] =>
    found.map((error) => {
      const line = pathLineOf(error);
      const message = line === null ? error.message || messageFor(error.code, error.property) : t('newsletterPopup.pathLine', { line, message: messageFor(error.code, 'path') });
      return { ...error, message };
    });

  function change(locale: string, edit: Partial<LocaleDraft>) {
    setNotice((was) => (was === 'saved' ? null : was));
    setDraft((was) => (was ? { ...was, [locale]: { ...was[locale]!, ...edit } } : was));
    // What was said about a field goes once it is changed; the next save says anew what is still wrong.
    const stale = Object.keys(edit).flatMap((field) => errorsAt(store.get(POPUP_ERRORS), propertyOf(locale, field)));
    if (stale.length > 0) store.set(POPUP_ERRORS, store.get(POPUP_ERRORS).filter((error) => !stale.includes(error)));
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!draft || saving) return;
    const sent = draft;
    setSaving(true);
    setNotice(null);
    store.clear(POPUP_ERRORS);
    const body = updateBodyOf(sent, current.revision);
    // The contract's own rules first: the same catalogue messages the server would give.
    const checked = await validateWith(updateNewsletterPopupSchema, body, POPUP_MODEL);
    if (!checked.ok) {
      setSaving(false);
      store.set(POPUP_ERRORS, readable(checked.errors));
      return;
    }
    const reply = await api.call('newsletterPopupUpdate', { body });
    setSaving(false);
    if (reply.Success && reply.data) {
      const next: EditableNewsletterPopup = { ...current, revision: reply.data.revision, locales: { ...current.locales, ...body.locales } };
      setBase(next);
      // Edits made while the save was under way stay; otherwise the form shows what was saved (blank lines gone).
      setDraft((was) => (was === sent ? draftOf(next) : was));
      setNotice('saved');
      return;
    }
    if (reply.status === 409 && reply.Errors.every((error) => error.property !== IDEMPOTENCY_KEY_HEADER)) {
      // Another save came first: the input stays until the user asks for the current values.
      setNotice('conflict');
      return;
    }
    // The draft stays as typed: nothing is lost by a refusal.
    store.set(POPUP_ERRORS, readable(reply.Errors));
  }

  async function loadCurrent() {
    const fresh = (await query.refetch()).data;
    if (!fresh) return;
    store.clear(POPUP_ERRORS);
    setNotice(null);
    setBase(fresh);
    setDraft(draftOf(fresh));
  }

  return (
    <section className="screen newsletter-popup">
      {header}
      <form className="form form--wide" onSubmit={save} noValidate aria-label={t('newsletterPopup.formLabel')}>
        <LeaveGuard when={dirty} onLeave={() => store.clear(POPUP_ERRORS)} allowRef={allowLeave} />
        {notice === 'conflict' && (
          <div className="notice notice--warning notice--inline" role="alert">
            <p className="notice__text">{t('newsletterPopup.conflict.text')}</p>
            <div className="notice__actions">
              <button type="button" className="button button--grey button--small" onClick={() => void loadCurrent()}>
                {t('newsletterPopup.conflict.loadCurrent')}
              </button>
            </div>
          </div>
        )}
        <ErrorList collection={POPUP_ERRORS} />
        {current.availableLocales.map((locale: Locale) => (
          <PopupLocaleSection
            key={locale}
            locale={locale}
            draft={draft[locale]!}
            defaults={current.defaults[locale]}
            errors={errors}
            onChange={(edit) => change(locale, edit)}
          />
        ))}
        <div className="form__actions">
          <button type="submit" className="button button--orange" disabled={saving}>
            {saving ? t('newsletterPopup.saving') : t('newsletterPopup.save')}
          </button>
          <p role="status">{notice === 'saved' ? t('newsletterPopup.saved') : ''}</p>
        </div>
      </form>
    </section>
  );
}
