import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { ReleaseView } from '@pagelog/contracts/releases/release';
import { useApi } from '../../../core/api/api-context';
import { useErrorCollection } from '../../../core/errors/error-store-context';
import { formatDateTime } from '../../../core/format/date-time';
import { releaseCommands } from '../api/release-queries';
import { RELEASES_ERRORS, type ReleaseCommandRunner } from '../state/use-release-command';
import { ReleaseErrorList } from './release-error-list';

/** A datetime-local value (the browser's time zone) as the ISO moment the API reads; null for an empty or unreadable one. */
export function isoMoment(local: string): string | null {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

interface ReleaseScheduleProps {
  release: ReleaseView;
  command: ReleaseCommandRunner;
  /** publish-page: the moment can be set and cancelled. */
  mayChange: boolean;
  onDone: (notice: string) => void;
}

/**
 * When the release goes live by itself: the moment it is scheduled for and by whom (with the last
 * failed attempt and the next try, when the scheduler could not publish it), cancelled here; or,
 * while it is open and holds pages, a moment to schedule it for.
 */
export function ReleaseSchedule({ release, command, mayChange, onDone }: ReleaseScheduleProps) {
  const { t } = useTranslation();
  const api = useApi();
  const collection = useErrorCollection(RELEASES_ERRORS);
  const id = useId();
  const [at, setAt] = useState('');
  const schedule = release.status === 'scheduled' ? release.schedule : null;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const atErrors = command.failed === 'schedule' ? collection.filter((error) => error.property === 'at') : [];
  const empty = release.items.length === 0 && release.menus.length === 0;

  if (!schedule && (!mayChange || release.status !== 'open')) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const moment = isoMoment(at);
    if (moment === null) {
      command.refuse('schedule', [{ ...errorItem(at ? 'V_12' : 'V_01', 'at', 'release'), message: t(at ? 'releases.errors.atInvalid' : 'releases.errors.atRequired') }]);
      return;
    }
    const done = await command.run('schedule', () => releaseCommands.schedule(api, release.releaseID, moment, release.revision));
    if (done) {
      setAt('');
      onDone(t('releases.schedule.done', { date: formatDateTime(moment) }));
    }
  };

  const cancel = async () => {
    const done = await command.run('cancelSchedule', () => releaseCommands.cancelSchedule(api, release.releaseID, release.revision));
    if (done) onDone(t('releases.schedule.cancelled'));
  };

  return (
    <section className="area release__schedule" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="area__title">
        {t('releases.schedule.heading')}
      </h2>
      <ReleaseErrorList failed={command.failed} of={['schedule', 'cancelSchedule']} />
      {schedule ? (
        <>
          <p className="release__scheduled">
            <strong>
              {schedule.scheduledByName
                ? t('releases.schedule.scheduled', { date: formatDateTime(schedule.at), name: schedule.scheduledByName })
                : t('releases.schedule.scheduledNoName', { date: formatDateTime(schedule.at) })}
            </strong>
          </p>
          {schedule.lastError && (
            <p className="notice notice--warning release__schedule-failed">
              {schedule.retryAt
                ? t('releases.schedule.failed', { count: schedule.attempts, message: schedule.lastError.message, date: formatDateTime(schedule.retryAt) })
                : t('releases.schedule.failedNoRetry', { count: schedule.attempts, message: schedule.lastError.message })}
            </p>
          )}
          {mayChange && (
            <div className="form__actions">
              <button type="button" className="button button--grey" disabled={command.pending !== null} onClick={() => void cancel()}>
                {t('releases.schedule.cancel')}
              </button>
            </div>
          )}
        </>
      ) : (
        <form className="form" noValidate onSubmit={(event) => void submit(event)}>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-at`}>
              {t('releases.schedule.at')}
            </label>
            <input
              id={`${id}-at`}
              className="field__input"
              type="datetime-local"
              value={at}
              disabled={empty}
              aria-invalid={atErrors.length > 0 || undefined}
              aria-describedby={`${id}-hint`}
              onChange={(event) => setAt(event.target.value)}
            />
            <p id={`${id}-hint`} className="form__hint">
              {empty ? t('releases.needsPages') : t('releases.schedule.atHint', { timeZone })}
            </p>
          </div>
          <div className="form__actions">
            <button type="submit" className="button button--orange" disabled={empty || command.pending !== null}>
              {command.pending === 'schedule' ? t('releases.schedule.scheduling') : t('releases.schedule.submit')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
