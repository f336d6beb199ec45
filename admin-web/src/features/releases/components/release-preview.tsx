import { useId } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TimeTravelLink } from '@pagelog/contracts/time-travel/time-travel';
import { useApi } from '../../../core/api/api-context';
import { formatDateTime } from '../../../core/format/date-time';
import { makePreviewLink } from '../api/release-queries';

/**
 * The release in time travel: a signed link (24 hours) to the public site as it is now with the
 * release's pages published, opened in a new tab and shown in full to pass on.
 */
export function ReleasePreview({ releaseId, via = 'release', ready = true }: { releaseId: string; via?: 'release' | 'timeTravel'; ready?: boolean }) {
  const { t } = useTranslation();
  const api = useApi();
  const id = useId();
  const link = useMutation({
    mutationFn: () => makePreviewLink(api, releaseId, via),
    onSuccess: (reply) => {
      if (reply.Success && reply.data) window.open(reply.data.url, '_blank', 'noopener');
    },
  });
  const made = link.data?.Success && link.data.data ? link.data.data : null;
  const failed = link.isError || (link.data !== undefined && !link.data.Success);
  const refusal = link.data && !link.data.Success && link.data.Errors.some((error) => error.code !== 'G_01') ? link.data.Errors.map((error) => error.message).join(' ') : null;

  return (
    <section className="area release__preview" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="area__title">
        {t('releases.preview.heading')}
      </h2>
      <p className="form__hint" id={`${id}-explanation`}>
        {t('releases.preview.explanation')}
      </p>
      {!ready && <p className="notice notice--warning">{t('releases.preview.notReady')}</p>}
      <div className="form__actions">
        <button type="button" className="button button--grey" disabled={link.isPending} aria-describedby={`${id}-explanation`} onClick={() => link.mutate()}>
          {t('releases.preview.open')}
        </button>
      </div>
      <div aria-live="polite">
        {link.isPending && <p className="paginated-list__loading">{t('releases.preview.making')}</p>}
        {made && <PreviewLink link={made} />}
      </div>
      {failed && (
        <p className="form__error" role="alert">
          {refusal ?? t('releases.preview.failed')}
        </p>
      )}
    </section>
  );
}

function PreviewLink({ link }: { link: TimeTravelLink }) {
  const { t } = useTranslation();
  const id = useId();
  // The link's path is on the public site, which serves the admin as well.
  const full = `${window.location.origin}${link.url}`;
  return (
    <div className="release__preview-link">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-url`}>
          {t('releases.preview.label')}
        </label>
        <input id={`${id}-url`} className="field__input" type="text" readOnly value={full} aria-describedby={`${id}-expires`} onFocus={(event) => event.target.select()} />
        <p id={`${id}-expires`} className="form__hint">
          {t('releases.preview.expires', { at: formatDateTime(link.expiresAt) })}
        </p>
      </div>
      <a className="button button--grey" href={full} target="_blank" rel="noopener">
        {t('releases.preview.openAgain')}
      </a>
    </div>
  );
}
