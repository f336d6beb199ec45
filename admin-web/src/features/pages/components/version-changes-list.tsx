import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { noChanges, versionChanges, type ChangedBlock } from '@pagelog/contracts/pages/version-changes';
import { diffVersions } from '@pagelog/contracts/pages/version-diff';
import { VersionDiffView } from './version-comparison';
import { useApi } from '../../../core/api/api-context';
import { pageQueries } from '../api/page-queries';

function Block({ block }: { block: ChangedBlock }) {
  return (
    <>
      <strong>{block.label}</strong>
      {block.summary ? <> “{block.summary}”</> : null}
    </>
  );
}

/**
 * What a version under review changes against the live version, block by block: the page fields
 * that differ, and the blocks added, removed, changed (naming the fields) and moved. A page that
 * is not live yet shows everything as new; a live one also offers the whole comparison, field by
 * field and word by word (issue 17).
 */
export function VersionChangesList({ versionId, liveVersionId }: { versionId: string; liveVersionId: string | null }) {
  const { t } = useTranslation();
  const api = useApi();
  const [detail, setDetail] = useState(false);
  const next = useQuery({ ...pageQueries.version(api, versionId), enabled: versionId !== '' });
  const live = useQuery({ ...pageQueries.version(api, liveVersionId ?? ''), enabled: liveVersionId !== null && liveVersionId !== versionId });
  if (next.isError || live.isError) return <p>{t('pages.editor.changes.failed')}</p>;
  const after = next.data?.pageVersion;
  const before = liveVersionId === null ? null : liveVersionId === versionId ? after : live.data?.pageVersion;
  if (after === undefined || before === undefined) return <p aria-busy="true">{t('pages.editor.changes.loading')}</p>;
  const changes = versionChanges(before, after);
  if (noChanges(changes)) return <p>{t('pages.editor.changes.none')}</p>;
  const groups: { kind: 'added' | 'removed' | 'moved'; blocks: ChangedBlock[] }[] = [
    { kind: 'added', blocks: changes.added },
    { kind: 'removed', blocks: changes.removed },
    { kind: 'moved', blocks: changes.moved },
  ];
  return (
    <div className="version-changes">
      {before === null ? <p>{t('pages.editor.changes.notLive')}</p> : null}
      <ul className="version-changes__list">
        {changes.fields.map((field) => (
          <li key={field.name} className="version-changes__item version-changes__item--changed">
            {t('pages.editor.changes.field', { field: t(`pages.editor.changes.fields.${field.name}`) })}
            {typeof field.after === 'string' && field.after !== '' ? <> “{field.after}”</> : null}
          </li>
        ))}
        {changes.changed.map((block) => (
          <li key={`changed-${block.key}`} className="version-changes__item version-changes__item--changed">
            {t('pages.editor.changes.changed')} <Block block={block} />: {block.props.map((p) => p.label).join(', ')}
          </li>
        ))}
        {groups.flatMap(({ kind, blocks }) =>
          blocks.map((block) => (
            <li key={`${kind}-${block.key}`} className={`version-changes__item version-changes__item--${kind}`}>
              {t(`pages.editor.changes.${kind}`)} <Block block={block} />
            </li>
          )),
        )}
      </ul>
      {before !== null && (
        <details className="version-changes__detail" onToggle={(event) => setDetail(event.currentTarget.open)}>
          <summary>{t('pages.compare.inDetail')}</summary>
          {detail && <VersionDiffView diff={diffVersions(before, after)} />}
        </details>
      )}
    </div>
  );
}
