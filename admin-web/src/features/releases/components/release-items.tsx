import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pageEditorPath } from '@pagelog/contracts/pages/admin-paths';
import type { ReleaseItemView, ReleaseView } from '@pagelog/contracts/releases/release';
import { toRouterPath } from '../../../components/navigation/build-navigation';
import { useApi } from '../../../core/api/api-context';
import { useErrorCollection } from '../../../core/errors/error-store-context';
import { releaseCommands } from '../api/release-queries';
import { refusedPageIds } from '../state/release-errors';
import { RELEASES_ERRORS, type ReleaseCommandRunner } from '../state/use-release-command';
import { ReleaseErrorList } from './release-error-list';

interface ReleaseItemsProps {
  release: ReleaseView;
  command: ReleaseCommandRunner;
  /** Whether the user may change the release's pages now (publish-page, and the release still open). */
  editable: boolean;
  onDone: (notice: string) => void;
}

/**
 * The release's pages: each with a link to its editor, where it goes on the site, and where it
 * stands against the page now. While the release is open a page is removed here, or added again
 * when its draft changed since. A publication or rollback refused for some of the pages marks
 * each of them.
 */
export function ReleaseItems({ release, command, editable, onDone }: ReleaseItemsProps) {
  const { t } = useTranslation();
  const api = useApi();
  const headingId = useId();
  const errors = useErrorCollection(RELEASES_ERRORS);
  const refusedFor = command.failed === 'publish' || command.failed === 'rollback' ? command.failed : null;
  const refused = refusedFor ? refusedPageIds(errors, release.items) : new Set<string>();
  const busy = command.pending !== null;

  const remove = async (item: ReleaseItemView) => {
    const done = await command.run('removePage', () => releaseCommands.removePage(api, release.releaseID, item.pageID));
    if (done) onDone(t('releases.items.removed', { title: titleOf(item) }));
  };
  const addAgain = async (item: ReleaseItemView) => {
    const done = await command.run('addPage', () => releaseCommands.addPage(api, release.releaseID, item.pageID));
    if (done) onDone(t('releases.items.addedAgain', { title: titleOf(item) }));
  };

  return (
    <section className="area release__items" aria-labelledby={headingId}>
      <h2 id={headingId} className="area__title">
        {t('releases.items.heading')}
      </h2>
      <ReleaseErrorList failed={command.failed} of={['removePage']} />
      {release.items.length === 0 ? (
        <p className="notice">{editable ? t('releases.items.emptyOpen') : t('releases.items.empty')}</p>
      ) : (
        <table className="data-table release__items-table">
          <caption className="visually-hidden">{t('releases.items.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('releases.items.columns.page')}</th>
              <th scope="col">{t('releases.items.columns.where')}</th>
              <th scope="col">{t('releases.items.columns.status')}</th>
              {editable && (
                <th scope="col">
                  <span className="visually-hidden">{t('releases.items.columns.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {release.items.map((item) => (
              <tr key={item.pageID} className={refused.has(item.pageID) ? 'release__item release__item--refused' : 'release__item'}>
                <td data-label={t('releases.items.columns.page')}>
                  {item.status === 'gone' ? titleOf(item) : <Link to={toRouterPath(pageEditorPath(item.pageID))}>{titleOf(item)}</Link>}
                </td>
                <td data-label={t('releases.items.columns.where')}>
                  <span className="path">
                    {item.locale}/{item.slug}
                  </span>
                </td>
                <td data-label={t('releases.items.columns.status')}>
                  <span className={`release-item-status release-item-status--${item.status}`}>{t(`releases.items.status.${item.status}`)}</span>
                  {refused.has(item.pageID) && <strong className="release__item-refused"> {t(refusedFor === 'rollback' ? 'releases.items.notRestorable' : 'releases.items.notReady')}</strong>}
                </td>
                {editable && (
                  <td className="data-table__actions">
                    {item.status === 'changed' && (
                      <button type="button" className="button button--grey button--small" disabled={busy} aria-label={t('releases.items.addAgainLabel', { title: titleOf(item) })} onClick={() => void addAgain(item)}>
                        {t('releases.items.addAgain')}
                      </button>
                    )}
                    <button type="button" className="button button--grey button--small" disabled={busy} aria-label={t('releases.items.removeLabel', { title: titleOf(item) })} onClick={() => void remove(item)}>
                      {t('releases.items.remove')}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

const titleOf = (item: Pick<ReleaseItemView, 'title' | 'slug'>) => item.title || item.slug;
