import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { PageDetails } from '@pagelog/contracts/pages/page';
import type { PageScheduleView, ScheduleAction } from '@pagelog/contracts/pages/schedules';
import { ErrorList } from '../../../components/error-list/error-list';
import { useApi } from '../../../core/api/api-context';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { formatDateTime } from '../../../core/format/date-time';
import { useCurrentUser } from '../../../core/session/current-user';
import { pageQueries } from '../api/page-queries';
import type { EditorAction } from '../state/editor-state';

export const PAGE_SCHEDULE_ERRORS = 'page-schedule';

/** A moment as a datetime-local input shows it, in the browser's time zone (minutes). */
export function localInputValue(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Scheduled publishing in the editor (issue 17): what is planned for the page (publication of the
 * draft, unpublication), by whom, and a failed attempt's error with its next try; with
 * publish-page, a time to plan either, changed or cancelled until it happens. What is scheduled
 * is the draft as it was: saving it again cancels the publication (the panel says so).
 */
export function SchedulePanel({ page, dispatch }: { page: PageDetails; dispatch: (action: EditorAction) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const errors = useErrorStore();
  const { hasPermission } = useCurrentUser();
  const id = useId();
  const mayPublish = hasPermission('publish-page');
  const pending = (['publish', 'unpublish'] as const).map((action) => page.schedules?.[action]).filter((s): s is PageScheduleView => !!s);
  const [action, setAction] = useState<ScheduleAction>('publish');
  const [at, setAt] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => () => errors.clear(PAGE_SCHEDULE_ERRORS), [errors]);

  if (!mayPublish && pending.length === 0) return null;

  async function send(call: () => ReturnType<typeof api.call>, done: string): Promise<boolean> {
    errors.clear(PAGE_SCHEDULE_ERRORS);
    setNotice(null);
    setBusy(true);
    try {
      const reply = await call();
      if (!reply.Success || !reply.data) {
        errors.set(PAGE_SCHEDULE_ERRORS, reply.Errors.length > 0 ? reply.Errors : [errorItem('G_01')]);
        return false;
      }
      dispatch({ type: 'pageLevelSaved', revision: (reply.data as { revision: number }).revision });
      void queryClient.invalidateQueries({ queryKey: pageQueries.get(api, page.id).queryKey });
      setNotice(done);
      return true;
    } finally {
      setBusy(false);
    }
  }

  async function schedule(event: { preventDefault(): void }) {
    event.preventDefault();
    const moment = at ? new Date(at) : null;
    if (!moment || Number.isNaN(moment.getTime())) {
      errors.set(PAGE_SCHEDULE_ERRORS, [{ ...errorItem('V_01', 'at', 'page'), message: t('pages.schedule.timeRequired') }]);
      return;
    }
    const ok = await send(() => api.call('pageSchedule', { params: { id: page.id }, body: { action, at: moment.toISOString() } }), t(`pages.schedule.done.${action}`, { date: formatDateTime(moment.toISOString()) }));
    if (ok) setAt('');
  }

  return (
    <section className="side-panel schedule-panel" aria-labelledby={`${id}-title`}>
      <h2 className="side-panel__title" id={`${id}-title`}>
        {t('pages.schedule.title')}
      </h2>
      {pending.length === 0 ? (
        <p className="schedule-panel__none">{t('pages.schedule.none')}</p>
      ) : (
        <ul className="schedule-panel__list">
          {pending.map((s) => (
            <li key={s.scheduleId} className={s.lastError ? 'schedule-panel__item schedule-panel__item--failed' : 'schedule-panel__item'}>
              <p>
                <strong>{t(`pages.schedule.pending.${s.action}`, { date: formatDateTime(s.at) })}</strong>
                {s.scheduledByName && <span className="schedule-panel__by"> {t('pages.schedule.by', { name: s.scheduledByName })}</span>}
              </p>
              {s.action === 'publish' && <p className="schedule-panel__by">{t('pages.schedule.saveCancels')}</p>}
              {s.lastError && (
                <p className="schedule-panel__error" role="alert">
                  {t('pages.schedule.failed', { count: s.attempts, message: s.lastError.message, date: formatDateTime(s.retryAt) })}
                </p>
              )}
              {mayPublish && (
                <div className="schedule-panel__actions">
                  <button
                    type="button"
                    className="button button--grey button--small"
                    onClick={() => {
                      setAction(s.action);
                      setAt(localInputValue(s.at));
                    }}
                  >
                    {t('pages.schedule.change')}
                  </button>
                  <button
                    type="button"
                    className="button button--grey button--small"
                    disabled={busy}
                    onClick={() => void send(() => api.call('pageScheduleCancel', { params: { id: page.id }, body: { action: s.action } }), t(`pages.schedule.cancelled.${s.action}`))}
                    aria-label={t(`pages.schedule.cancelLabel.${s.action}`)}
                  >
                    {t('pages.schedule.cancel')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {mayPublish && (
        <form className="schedule-panel__form" onSubmit={(event) => void schedule(event)} noValidate>
          <div className="form-field">
            <label htmlFor={`${id}-action`}>{t('pages.schedule.action')}</label>
            <select id={`${id}-action`} value={action} onChange={(event) => setAction(event.target.value as ScheduleAction)}>
              <option value="publish">{t('pages.schedule.actions.publish')}</option>
              <option value="unpublish">{t('pages.schedule.actions.unpublish')}</option>
            </select>
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-at`}>{t('pages.schedule.at')}</label>
            <input id={`${id}-at`} type="datetime-local" value={at} onChange={(event) => setAt(event.target.value)} />
          </div>
          <ErrorList collection={PAGE_SCHEDULE_ERRORS} />
          <button type="submit" className="button button--small" disabled={busy}>
            {t('pages.schedule.submit')}
          </button>
        </form>
      )}
      <p className="schedule-panel__notice" role="status">
        {notice ?? ''}
      </p>
    </section>
  );
}
