import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal/modal';
import { useApi } from '../../../core/api/api-context';
import { formatDateTime } from '../../../core/format/date-time';
import { pageQueries } from '../api/page-queries';
import type { VersionContent } from '@pagelog/contracts/pages/page';
import type { VersionDiff } from '@pagelog/contracts/pages/version-diff';
import { restoreBlock, restoreField, restoreProp, restoreVersion } from '../state/restore-version';
import { VersionComparisonView, type RestoreHandlers } from './version-comparison';

/** The comparison of two versions, read when the dialog opens. */
type Restore = (restored: (current: VersionContent) => VersionContent) => void;

type What = 'version' | 'block' | 'field';

/** The restore handlers of a comparison into the draft: each puts a part of the older version into the draft on screen. */
function restoreHandlers(diff: VersionDiff, apply: (restored: (current: VersionContent) => VersionContent, what: What) => void, loadOlder: () => Promise<VersionContent>): RestoreHandlers {
  return {
    // The whole version as stored, fetched: every field of it, not only those the diff names.
    version: () => void loadOlder().then((older) => apply((current) => restoreVersion(current, older), 'version')),
    block: (entry) => apply((current) => restoreBlock(current, diff, entry), 'block'),
    prop: (entry, prop) => apply((current) => restoreProp(current, entry, prop), 'field'),
    field: (field) => apply((current) => restoreField(current, field) ?? current, 'field'),
  };
}

function CompareDialog({ pageId, from, to, onClose, onRestore }: { pageId: string; from: string; to: string; onClose: () => void; onRestore?: ((restored: (current: VersionContent) => VersionContent, what: What) => void) | undefined }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const comparison = useQuery(pageQueries.compare(api, pageId, from, to));
  const loadOlder = async () => (await queryClient.fetchQuery(pageQueries.version(api, comparison.data!.from.versionId))).pageVersion as unknown as VersionContent;
  return (
    <Modal onClose={onClose} title={t('pages.compare.title')} size="large" buttons={[{ text: t('pages.compare.close'), theme: 'grey', onClick: onClose }]}>
      {comparison.isPending && <p>{t('pages.compare.loading')}</p>}
      {comparison.isError && <p role="alert">{t('pages.compare.failed')}</p>}
      {comparison.data && (
        <VersionComparisonView
          comparison={comparison.data}
          restore={
            onRestore && comparison.data.to.isDraft
              ? restoreHandlers(comparison.data.diff, onRestore, loadOlder)
              : undefined
          }
        />
      )}
    </Modal>
  );
}

/**
 * Every version of the page (issue 17), newest first, with who stored it and whether it is live
 * or the draft; any two can be compared, the draft with the live version by default.
 */
export function VersionsPanel({ pageId, draftVersionId, onRestore }: { pageId: string; draftVersionId?: string; onRestore?: Restore }) {
  const { t } = useTranslation();
  const api = useApi();
  const id = useId();
  const [open, setOpen] = useState(false);
  const versions = useQuery({ ...pageQueries.versions(api, pageId), enabled: open });
  const list = versions.data ?? [];
  const live = list.find((v) => v.isLive);
  const draft = list.find((v) => v.isDraft);
  const [from, setFrom] = useState<string>('');
  const [to, setTo] = useState<string>('');
  const [comparing, setComparing] = useState<{ from: string; to: string } | null>(null);
  const [restored, setRestored] = useState<What | null>(null);
  const chosenFrom = from || live?.versionId || list[1]?.versionId || '';
  const chosenTo = to || draft?.versionId || list[0]?.versionId || '';
  const label = (v: (typeof list)[number]) =>
    `${formatDateTime(v.storedAt)}, ${v.storedByName}${v.isLive ? ` (${t('pages.compare.live')})` : v.isDraft ? ` (${t('pages.compare.draft')})` : v.published ? ` (${t('pages.compare.published')})` : ''}`;

  return (
    <details className="history versions" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="history__summary">{t('pages.compare.versions')}</summary>
      {open && versions.isPending && <p className="history__note">{t('pages.compare.loadingVersions')}</p>}
      {versions.isError && <p className="history__note">{t('pages.compare.failedVersions')}</p>}
      {versions.isSuccess && (
        <>
          <ol className="history__list">
            {list.map((v) => (
              <li key={v.versionId} className="history__entry">
                <time dateTime={v.storedAt} className="history__time">
                  {formatDateTime(v.storedAt)}
                </time>
                <span className="history__what">
                  {v.isLive ? t('pages.compare.live') : v.isDraft ? t('pages.compare.draft') : v.published ? t('pages.compare.published') : t('pages.compare.stored')}
                </span>
                <span className="history__who">{t('pages.editor.history.by', { name: v.storedByName })}</span>
                {(v.publication ?? []).length > 0 && (
                  <ul className="versions__steps">
                    {v.publication.map((step, i) => (
                      <li key={i} className="versions__step">
                        <time dateTime={step.at} title={formatDateTime(step.at)}>
                          {t(`pages.compare.steps.${step.kind}`, { name: step.byName })}
                        </time>
                        {step.text !== '' ? `: “${step.text}”` : ''}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
          {list.length > 1 && (
            <form
              className="versions__compare"
              onSubmit={(event) => {
                event.preventDefault();
                if (chosenFrom && chosenTo) setComparing({ from: chosenFrom, to: chosenTo });
              }}
            >
              <label htmlFor={`${id}-from`}>{t('pages.compare.from')}</label>
              <select id={`${id}-from`} value={chosenFrom} onChange={(e) => setFrom(e.target.value)}>
                {list.map((v) => (
                  <option key={v.versionId} value={v.versionId}>
                    {label(v)}
                  </option>
                ))}
              </select>
              <label htmlFor={`${id}-to`}>{t('pages.compare.to')}</label>
              <select id={`${id}-to`} value={chosenTo} onChange={(e) => setTo(e.target.value)}>
                {list.map((v) => (
                  <option key={v.versionId} value={v.versionId}>
                    {label(v)}
                  </option>
                ))}
              </select>
              <button type="submit" className="button button--grey button--small" disabled={chosenFrom === chosenTo}>
                {t('pages.compare.compare')}
              </button>
            </form>
          )}
        </>
      )}
      {restored && (
        <p className="history__note" role="status">
          {t(`pages.compare.restored.${restored}`)}
        </p>
      )}
      {comparing && (
        <CompareDialog
          pageId={pageId}
          from={comparing.from}
          to={comparing.to}
          onClose={() => setComparing(null)}
          onRestore={
            onRestore && comparing.to === (draftVersionId ?? draft?.versionId)
              ? (make, what) => {
                  onRestore(make);
                  setRestored(what);
                  setComparing(null);
                }
              : undefined
          }
        />
      )}
    </details>
  );
}
