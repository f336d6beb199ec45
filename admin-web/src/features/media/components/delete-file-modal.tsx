import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MediaItemView } from '@pagelog/contracts/media/media';
import { ErrorList } from '../../../components/error-list/error-list';
import { mediaQueries } from '../../../components/media-picker/media-api';
import { Modal } from '../../../components/modal/modal';
import { useApi } from '../../../core/api/api-context';
import type { MediaActions } from '../state/use-media-actions';
import { useFreshMediaErrors } from './use-fresh-media-errors';

/** How many of the pages using a file the warning names; beyond that it says how many more. */
const NAMED_PAGES = 20;

/**
 * Asks before deleting a file, naming the pages that use it (list-pages-by-file): their published
 * versions keep showing it until they are published without it.
 */
export function DeleteFileModal({ item, actions, onDone, onClose }: { item: MediaItemView; actions: MediaActions; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [busy, setBusy] = useState(false);
  useFreshMediaErrors();
  const usage = useQuery(
    mediaQueries.pagesByFile(api, { fileID: item.id, pageIndex: 0, pageSize: NAMED_PAGES, searchTerm: '', columnToSort: 'title', sortOrder: 'asc', at: '' }),
  );
  const pages = usage.data?.items ?? [];
  const total = usage.data?.totalItems ?? pages.length;
  const settingsUses = usage.data?.settingsUses ?? [];

  async function confirm() {
    setBusy(true);
    const deleted = await actions.deleteFile(item.id);
    setBusy(false);
    if (deleted) onDone();
  }

  return (
    <Modal
      title={t('media.delete.title', { name: item.fileName })}
      size="small"
      onClose={onClose}
      buttons={[
        { text: t('media.dialog.cancel'), theme: 'grey', onClick: onClose },
        { text: t('media.delete.confirm'), theme: 'orange', disabled: busy || usage.isPending, onClick: () => void confirm() },
      ]}
    >
      <ErrorList collection="media" />
      {usage.isPending && <p role="status">{t('media.delete.checking')}</p>}
      {usage.isError && <p role="alert">{t('media.delete.usageUnknown')}</p>}
      {usage.isSuccess && pages.length === 0 && settingsUses.length === 0 && <p>{t('media.delete.unused', { name: item.fileName })}</p>}
      {settingsUses.length > 0 && (
        <div className="delete-warning" role="alert">
          {settingsUses.map((use) => (
            <p key={use}>{t(`media.delete.settingsUse.${use}`, { name: item.fileName })}</p>
          ))}
        </div>
      )}
      {pages.length > 0 && (
        <div className="delete-warning" role="alert">
          <p>{t('media.delete.inUse', { name: item.fileName, count: total })}</p>
          <ul aria-label={t('media.delete.pagesLabel')}>
            {pages.map((page) => (
              <li key={`${page.pageID}-${page.locale}`}>
                {page.title || page.slug} <span className="cell-stack__muted">({page.locale})</span>
              </li>
            ))}
          </ul>
          {total > pages.length && <p>{t('media.delete.more', { count: total - pages.length })}</p>}
          <p>{t('media.delete.keepsShowing')}</p>
        </div>
      )}
      <p>{t('media.delete.question', { name: item.fileName })}</p>
    </Modal>
  );
}
