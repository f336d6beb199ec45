import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PageListItem } from '@pagelog/contracts/pages/page';
import type { ReleaseView } from '@pagelog/contracts/releases/release';
import { StatusBadge } from '../../../components/status-badge/status-badge';
import { useApi } from '../../../core/api/api-context';
import { useDebounced } from '../../../core/timing/use-debounced';
import { releaseCommands, releaseQueries } from '../api/release-queries';
import type { ReleaseCommandRunner } from '../state/use-release-command';
import { ReleaseErrorList } from './release-error-list';

/** How long typing pauses before the search is sent. */
const SEARCH_DELAY_MS = 300;

/**
 * Adds a page to the release: the pages whose title (or slug) holds what is typed, by title, each
 * with Add. A page already in the release, or whose draft is on the site already (nothing to
 * release), is named without it.
 */
export function AddReleasePage({ release, command, onDone }: { release: ReleaseView; command: ReleaseCommandRunner; onDone: (notice: string) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const [term, setTerm] = useState('');
  const sent = useDebounced(term.trim(), SEARCH_DELAY_MS);
  const search = useQuery({ ...releaseQueries.pages(api, sent), enabled: sent !== '' });
  const found = sent !== '' && sent === term.trim() && search.data && Array.isArray(search.data.items) ? search.data.items : null;
  const inRelease = new Set(release.items.map((item) => item.pageID));

  const add = async (page: PageListItem) => {
    const done = await command.run('addPage', () => releaseCommands.addPage(api, release.releaseID, page.id));
    if (done) onDone(t('releases.add.added', { title: page.title || page.slug }));
  };

  return (
    <section className="area release__add" aria-labelledby={headingId}>
      <h2 id={headingId} className="area__title">
        {t('releases.add.heading')}
      </h2>
      <ReleaseErrorList failed={command.failed} of={['addPage']} />
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {t('releases.add.search')}
        </label>
        <input id={inputId} className="field__input" type="search" autoComplete="off" value={term} aria-describedby={hintId} onChange={(event) => setTerm(event.target.value)} />
        <p id={hintId} className="form__hint">
          {t('releases.add.hint')}
        </p>
      </div>
      {term.trim() !== '' && search.isFetching && <p role="status">{t('releases.add.searching')}</p>}
      {term.trim() !== '' && search.isError && <p className="notice">{t('releases.add.failed')}</p>}
      {found && found.length === 0 && <p role="status">{t('releases.add.none', { term: sent })}</p>}
      {found && found.length > 0 && (
        <ul className="release__results" aria-label={t('releases.add.results')}>
          {found.map((page) => {
            const title = page.title || page.slug;
            return (
              <li key={page.id} className="release__result">
                <span className="release__result-title">{title}</span> <span className="path">{page.path}</span> <StatusBadge status={page.status} />{' '}
                {inRelease.has(page.id) ? (
                  <span className="release__result-note">{t('releases.add.inRelease')}</span>
                ) : page.status === 'published' ? (
                  // Its draft is what the site shows: the server would refuse it (nothing to release).
                  <span className="release__result-note">{t('releases.add.live')}</span>
                ) : (
                  <button type="button" className="button button--grey button--small" disabled={command.pending !== null} aria-label={t('releases.add.addLabel', { title })} onClick={() => void add(page)}>
                    {t('releases.add.add')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
