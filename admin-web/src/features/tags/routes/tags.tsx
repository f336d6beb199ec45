import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import type { TagView } from '@pagelog/contracts/tags/tag';
import { useSiteSettings } from '../../../core/settings/site-settings';
import { useCurrentUser } from '../../../core/session/current-user';
import { MergeTagDialog } from '../components/merge-tag-dialog';
import { RenameTagDialog } from '../components/rename-tag-dialog';
import { TagsTable } from '../components/tags-table';
import { useLocaleTags } from '../state/use-locale-tags';

/** /cmsadmin/tags (issue 15), for manage-tags: a locale's public and private tags, renamed and merged here. */
export function TagsRoute() {
  const { t } = useTranslation();
  const { hasPermission } = useCurrentUser();
  if (!hasPermission('manage-tags')) {
    return (
      <section className="screen">
        <h1 className="screen__title">{t('tags.screen.title')}</h1>
        <p className="screen__description">{messageFor('UM_01')}</p>
      </section>
    );
  }
  return <TagsScreen />;
}

type Dialog = { kind: 'rename' | 'merge'; tag: TagView } | null;

function TagsScreen() {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const localeId = useId();
  const [chosenLocale, setChosenLocale] = useState('');
  const locale = chosenLocale || settings?.defaultLocale || '';
  const { tags, failed, fetching } = useLocaleTags(locale);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [announcement, setAnnouncement] = useState('');

  let body;
  if (failed) {
    body = (
      <p className="notice notice--warning" role="alert">
        {t('tags.screen.loadFailed')}
      </p>
    );
  } else if (!tags) {
    body = <p role="status">{t('tags.screen.loading')}</p>;
  } else {
    body = <TagsTable locale={locale} tags={tags} busy={fetching} onRename={(tag) => setDialog({ kind: 'rename', tag })} onMerge={(tag) => setDialog({ kind: 'merge', tag })} />;
  }

  return (
    <section className="screen screen--wide tags-screen">
      <h1 className="screen__title">{t('tags.screen.title')}</h1>
      <p className="screen__description">{t('tags.screen.description')}</p>
      <div className="filters" role="group" aria-label={t('tags.screen.filters')}>
        <div className="filters__field">
          <label htmlFor={localeId}>{t('tags.screen.locale')}</label>
          <select
            id={localeId}
            value={locale}
            onChange={(event) => {
              setChosenLocale(event.target.value);
              setAnnouncement('');
            }}
          >
            {locale === '' && <option value="">{t('tags.screen.loadingLocales')}</option>}
            {(settings?.availableLocales ?? []).map((available) => (
              <option key={available} value={available}>
                {available}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div role="status">{announcement && <p className="notice notice--success">{announcement}</p>}</div>
      {body}
      {dialog?.kind === 'rename' && (
        <RenameTagDialog
          tag={dialog.tag}
          onClose={() => setDialog(null)}
          onRenamed={(renamed) => {
            setDialog(null);
            setAnnouncement(t('tags.screen.renamed', { name: dialog.tag.name, newName: renamed.name }));
          }}
        />
      )}
      {dialog?.kind === 'merge' && tags && (
        <MergeTagDialog
          tag={dialog.tag}
          tags={tags}
          onClose={() => setDialog(null)}
          onMerged={(into) => {
            setDialog(null);
            setAnnouncement(t('tags.screen.merged', { name: dialog.tag.name, into: into.name }));
          }}
        />
      )}
    </section>
  );
}
