import { useTranslation } from 'react-i18next';
import type { TagView } from '@pagelog/contracts/tags/tag';

interface TagsTableProps {
  locale: string;
  tags: readonly TagView[];
  busy: boolean;
  onRename: (tag: TagView) => void;
  onMerge: (tag: TagView) => void;
}

/** The tags of a locale: name, visibility, the pages carrying each (published and all), and Rename and Merge into…. */
export function TagsTable({ locale, tags, busy, onRename, onMerge }: TagsTableProps) {
  const { t } = useTranslation();
  if (tags.length === 0) return <p className="notice">{t('tags.screen.empty', { locale })}</p>;
  return (
    <table className="data-table tags-table" aria-busy={busy || undefined}>
      <caption className="visually-hidden">{t('tags.screen.caption', { locale })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('tags.screen.columns.name')}</th>
          <th scope="col">{t('tags.screen.columns.visibility')}</th>
          <th scope="col">{t('tags.screen.columns.pages')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('tags.screen.columns.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tags.map((tag) => (
          <tr key={tag.id}>
            <th scope="row">{tag.name}</th>
            <td>
              <span className={`badge tags-table__visibility tags-table__visibility--${tag.visibility}`}>{t(`tags.visibility.${tag.visibility}`)}</span>
            </td>
            <td>{t('tags.screen.pageCounts', { published: tag.publishedPageCount, all: tag.pageCount })}</td>
            <td>
              <div className="data-table__actions">
                <button type="button" className="button button--small button--grey" aria-label={t('tags.screen.renameLabel', { name: tag.name })} onClick={() => onRename(tag)}>
                  {t('tags.screen.rename')}
                </button>
                <button type="button" className="button button--small button--grey" aria-label={t('tags.screen.mergeLabel', { name: tag.name })} onClick={() => onMerge(tag)}>
                  {t('tags.screen.merge')}
                </button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
