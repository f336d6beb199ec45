import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { errorCatalogue, errorItem, messageFor } from '@pagelog/contracts/error-catalogue';
import type { PlannedChangeView, TimeTravelLink, TimeTravelMoment } from '@pagelog/contracts/time-travel/time-travel';
import { useApi } from '../../../core/api/api-context';
import { EndpointError } from '../../../core/api/endpoint-query';
import { formatDateTime } from '../../../core/format/date-time';
import { useCurrentUser } from '../../../core/session/current-user';
import { defaultLinkDuration, isoMoment, linkDurations, makeTimeTravelLink, timeTravelQueries, type LinkDuration, type LinkTarget, type MomentQuery } from '../api/time-travel-queries';

type MomentField = 'at' | 'position';

/** A refusal's message with the field's own words ("The date and time is not valid."), not the API's property name. */
export function fieldMessage(error: ErrorItem, label: string): string {
  const template = Object.hasOwn(errorCatalogue, error.code) ? errorCatalogue[error.code as keyof typeof errorCatalogue] : undefined;
  if (template === undefined) return error.message || messageFor(error.code);
  return template.replaceAll('{field}', label).replaceAll('{Field}', label.charAt(0).toUpperCase() + label.slice(1));
}

/** What every screen shows a user whose role lacks the screen's permission. */
function NoPermission() {
  const { t } = useTranslation();
  return (
    <section className="screen">
      <h1 className="screen__title">{t('timeTravel.title')}</h1>
      <p className="screen__description">{messageFor('UM_01')}</p>
    </section>
  );
}

/** /cmsadmin/time-travel (issue 17), for time-travel: find a past moment of the log (or a later one) and browse the public site as it was (or will be) then, or share a link to it. */
export function TimeTravelRoute() {
  const { hasPermission } = useCurrentUser();
  if (!hasPermission('time-travel')) return <NoPermission />;
  return <TimeTravelScreen />;
}

const isRefusal = (error: unknown) => error instanceof EndpointError && error.status === 403;

function TimeTravelScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const id = useId();
  const atRef = useRef<HTMLInputElement>(null);
  const positionRef = useRef<HTMLInputElement>(null);
  const [at, setAt] = useState('');
  const [position, setPosition] = useState('');
  /** What was last asked; null until the form is first sent. */
  const [asked, setAsked] = useState<MomentQuery | null>(null);
  /** Refusals found before asking (an unreadable date). */
  const [localErrors, setLocalErrors] = useState<ErrorItem[]>([]);
  /** Fields changed since the last answer: what was said about their old value no longer holds. */
  const [edited, setEdited] = useState<ReadonlySet<MomentField>>(new Set());
  const [hours, setHours] = useState<LinkDuration>(defaultLinkDuration);
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');

  const moment = useQuery({ ...timeTravelQueries.moment(api, asked ?? {}), enabled: asked !== null });
  const link = useMutation({
    mutationFn: (vars: { target: LinkTarget; hours: LinkDuration }) => makeTimeTravelLink(api, vars.target, vars.hours),
    onSuccess: (reply) => {
      if (reply.Success && reply.data) window.open(reply.data.url, '_blank', 'noopener');
    },
  });

  const apiErrors = moment.error instanceof EndpointError && moment.error.status === 400 ? moment.error.errors : [];
  const errors = [...localErrors, ...apiErrors];
  const errorsOf = (field: MomentField) => (edited.has(field) ? [] : errors.filter((error) => error.property === field));
  const atErrors = errorsOf('at');
  const positionErrors = errorsOf('position');
  const otherErrors = errors.filter((error) => error.property !== 'at' && error.property !== 'position');

  // A refused moment takes the user to the field it is about.
  useEffect(() => {
    if (atErrors.length > 0) atRef.current?.focus();
    else if (positionErrors.length > 0) positionRef.current?.focus();
    // Only when a new answer or check says so, not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [moment.error, localErrors]);

  if (isRefusal(moment.error) || (link.data && link.data.status === 403)) return <NoPermission />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setEdited(new Set());
    setCopied('no');
    link.reset();
    let next: MomentQuery = {};
    if (at) {
      const iso = isoMoment(at);
      if (iso === null) {
        setLocalErrors([errorItem('V_12', 'at', 'timeTravel')]);
        setAsked(null);
        return;
      }
      next = { at: iso };
    } else if (positionRef.current?.validity?.badInput) {
      // A number field with text that is no number reads as empty: say so rather than ask for now.
      setLocalErrors([errorItem('V_12', 'position', 'timeTravel')]);
      setAsked(null);
      return;
    } else if (position.trim()) {
      next = { position: position.trim() };
    }
    setLocalErrors([]);
    // The same question again (now, most of all): ask the server anew rather than show the last answer.
    if (asked !== null && JSON.stringify(asked) === JSON.stringify(next)) void moment.refetch();
    else setAsked(next);
  };

  const change = (field: MomentField, value: string) => {
    // One or the other: a date and time, or a position.
    if (field === 'at') {
      setAt(value);
      if (value) setPosition('');
    } else {
      setPosition(value);
      if (value) setAt('');
    }
    setEdited(new Set<MomentField>(['at', 'position']));
  };

  const errorId = (field: MomentField) => `${id}-${field}-error`;
  const hintId = (field: MomentField) => `${id}-${field}-hint`;
  const describedBy = (field: MomentField, fieldErrors: readonly ErrorItem[]) => [hintId(field), ...(fieldErrors.length > 0 ? [errorId(field)] : [])].join(' ');
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const found = asked !== null && !moment.isFetching && !moment.isError ? moment.data : undefined;
  const future = found?.future ?? null;
  // The link made for the moment shown (not one made before another moment was found).
  const made = link.data?.Success && link.data.data && found && (future ? link.data.data.kind === 'future' && link.data.data.at === future.at : link.data.data.kind !== 'future' && link.data.data.position === found.position) ? link.data.data : null;

  return (
    <section className="screen time-travel">
      <h1 className="screen__title">{t('timeTravel.title')}</h1>
      <p className="screen__description">{t('timeTravel.description')}</p>

      <form className="form time-travel__form" onSubmit={submit} noValidate aria-labelledby={`${id}-form-heading`}>
        <h2 id={`${id}-form-heading`} className="area__title">
          {t('timeTravel.moment.heading')}
        </h2>
        <p className="form__hint" id={`${id}-form-hint`}>
          {t('timeTravel.moment.hint')}
        </p>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-at`}>
            {t('timeTravel.moment.at')}
          </label>
          <input
            ref={atRef}
            id={`${id}-at`}
            className="field__input"
            type="datetime-local"
            step={1}
            value={at}
            aria-invalid={atErrors.length > 0 || undefined}
            aria-describedby={describedBy('at', atErrors)}
            onChange={(event) => change('at', event.target.value)}
          />
          <p id={hintId('at')} className="form__hint">
            {t('timeTravel.moment.atHint', { timeZone })}
          </p>
          {atErrors.length > 0 && (
            <p id={errorId('at')} className="field__error">
              {atErrors.map((error) => fieldMessage(error, t('timeTravel.moment.atWords'))).join(' ')}
            </p>
          )}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-position`}>
            {t('timeTravel.moment.position')}
          </label>
          <input
            ref={positionRef}
            id={`${id}-position`}
            className="field__input"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={position}
            aria-invalid={positionErrors.length > 0 || undefined}
            aria-describedby={describedBy('position', positionErrors)}
            onChange={(event) => change('position', event.target.value)}
          />
          <p id={hintId('position')} className="form__hint">
            {t('timeTravel.moment.positionHint')}
          </p>
          {positionErrors.length > 0 && (
            <p id={errorId('position')} className="field__error">
              {positionErrors.map((error) => fieldMessage(error, t('timeTravel.moment.positionWords'))).join(' ')}
            </p>
          )}
        </div>
        <div className="form__actions">
          <button type="submit" className="button button--orange" disabled={moment.isFetching}>
            {t('timeTravel.moment.submit')}
          </button>
        </div>
      </form>

      {otherErrors.length > 0 && (
        <p className="form__error" role="alert">
          {otherErrors.map((error) => error.message).join(' ')}
        </p>
      )}
      {moment.isError && apiErrors.length === 0 && (
        <p className="form__error" role="alert">
          {t('timeTravel.moment.failed')}
        </p>
      )}

      {/* The answer is announced when it comes: the region is there from the start, so screen readers follow it. */}
      <div className="time-travel__answer" role="status" aria-live="polite" aria-busy={moment.isFetching}>
        {moment.isFetching && <p className="paginated-list__loading">{t('timeTravel.moment.loading')}</p>}
        {found && <MomentAnswer moment={found} />}
      </div>

      {found && (
        <section className="area time-travel__link" aria-labelledby={`${id}-link-heading`}>
          <h2 id={`${id}-link-heading`} className="area__title">
            {t(future ? 'timeTravel.link.futureHeading' : 'timeTravel.link.heading')}
          </h2>
          <p className="form__hint" id={`${id}-link-explanation`}>
            {t(future ? 'timeTravel.link.futureExplanation' : 'timeTravel.link.explanation')}
          </p>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-hours`}>
              {t('timeTravel.link.validFor')}
            </label>
            <select id={`${id}-hours`} className="field__input" value={hours} onChange={(event) => setHours(Number(event.target.value) as LinkDuration)}>
              {linkDurations.map((duration) => (
                <option key={duration} value={duration}>
                  {t(`timeTravel.link.durations.${duration}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="form__actions">
            <button
              type="button"
              className="button button--orange"
              disabled={link.isPending}
              aria-describedby={`${id}-link-explanation`}
              onClick={() => {
                setCopied('no');
                link.mutate({ target: future ? { at: future.at } : { position: found.position }, hours });
              }}
            >
              {t(future ? 'timeTravel.link.futureOpen' : 'timeTravel.link.open')}
            </button>
          </div>
          <div aria-live="polite">
            {link.isPending && <p className="paginated-list__loading">{t('timeTravel.link.making')}</p>}
            {made && <MadeLink link={made} copied={copied} onCopied={setCopied} />}
          </div>
          {(link.isError || (link.data && !link.data.Success)) && (
            <p className="form__error" role="alert">
              {link.data && link.data.Errors.some((error) => error.code !== 'G_01') ? link.data.Errors.map((error) => error.message).join(' ') : t('timeTravel.link.failed')}
            </p>
          )}
        </section>
      )}
    </section>
  );
}

function MomentAnswer({ moment }: { moment: TimeTravelMoment }) {
  const { t } = useTranslation();
  const now = (
    <p className="time-travel__now">
      {moment.headAt ? t('timeTravel.answer.now', { position: moment.headPosition, at: formatDateTime(moment.headAt) }) : t('timeTravel.answer.nowEmpty', { position: moment.headPosition })}
    </p>
  );
  if (moment.future) {
    const { changes } = moment.future;
    return (
      <>
        <p className="time-travel__as-of">
          <strong>{t('timeTravel.answer.future', { at: formatDateTime(moment.future.at) })}</strong>
        </p>
        {now}
        {changes.length === 0 ? (
          <p className="time-travel__planned-none">{t('timeTravel.answer.futureNone')}</p>
        ) : (
          <>
            <p>{t('timeTravel.answer.futureChanges', { count: changes.length })}</p>
            <ul className="time-travel__planned">
              {changes.map((change) => (
                <PlannedChange key={`${change.action === 'publish-menu' ? `${change.locale}-${change.kind}` : change.pageId}-${change.action}-${change.at}`} change={change} />
              ))}
            </ul>
          </>
        )}
      </>
    );
  }
  let asOf;
  if (moment.position === 0) asOf = t('timeTravel.answer.beforeAnything');
  else if (moment.at) asOf = t('timeTravel.answer.asOf', { position: moment.position, at: formatDateTime(moment.at) });
  else asOf = t('timeTravel.answer.asOfPosition', { position: moment.position });
  return (
    <>
      <p className="time-travel__as-of">
        <strong>{asOf}</strong>
      </p>
      {now}
    </>
  );
}

/** One change the view of the future applies: what happens to which page, and when. */
function PlannedChange({ change }: { change: PlannedChangeView }) {
  const { t } = useTranslation();
  const failing = change.failing && (
    <strong className="time-travel__failing">
      {' '}
      {t(change.failing.retryAt ? 'timeTravel.answer.failing' : 'timeTravel.answer.failingNoRetry', { count: change.failing.attempts, message: change.failing.message, at: change.failing.retryAt ? formatDateTime(change.failing.retryAt) : '' })}
    </strong>
  );
  if (change.action === 'publish-menu') {
    return (
      <li>
        {t('timeTravel.answer.publishMenuInRelease', { menu: t(`menus.kinds.${change.kind}`), locale: change.locale, version: change.version, at: formatDateTime(change.at), release: change.release.name })}
        {failing}
      </li>
    );
  }
  const key = change.action === 'publish' ? (change.release ? 'timeTravel.answer.publishInRelease' : 'timeTravel.answer.publish') : 'timeTravel.answer.unpublish';
  return (
    <li>
      {t(key, { title: change.title, path: change.path, at: formatDateTime(change.at), release: change.release?.name ?? '' })}
      {failing}
    </li>
  );
}

function MadeLink({ link, copied, onCopied }: { link: TimeTravelLink; copied: 'no' | 'yes' | 'failed'; onCopied: (state: 'yes' | 'failed') => void }) {
  const { t } = useTranslation();
  const id = useId();
  // The link's path is on the public site; the admin is served by it (embedded mode).
  const full = `${window.location.origin}${link.url}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(full);
      onCopied('yes');
    } catch {
      onCopied('failed');
    }
  };
  return (
    <div className="time-travel__made">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-url`}>
          {t(link.kind === 'future' ? 'timeTravel.link.futureLabel' : 'timeTravel.link.label')}
        </label>
        <input id={`${id}-url`} className="field__input" type="text" readOnly value={full} aria-describedby={`${id}-expires`} onFocus={(event) => event.target.select()} />
        <p id={`${id}-expires`} className="form__hint">
          {t('timeTravel.link.expires', { at: formatDateTime(link.expiresAt) })}
        </p>
      </div>
      <div className="form__actions">
        <button type="button" className="button button--grey" onClick={() => void copy()}>
          {t('timeTravel.link.copy')}
        </button>
        <a className="button button--grey" href={full} target="_blank" rel="noopener">
          {t('timeTravel.link.openAgain')}
        </a>
        {copied === 'yes' && <span className="time-travel__copied">{t('timeTravel.link.copied')}</span>}
      </div>
      {copied === 'failed' && (
        <p className="form__error" role="alert">
          {t('timeTravel.link.copyFailed')}
        </p>
      )}
    </div>
  );
}
