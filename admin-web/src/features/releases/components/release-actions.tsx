import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReleaseView } from '@pagelog/contracts/releases/release';
import { Modal } from '../../../components/modal/modal';
import { useApi } from '../../../core/api/api-context';
import { releaseCommands } from '../api/release-queries';
import type { ReleaseCommandRunner } from '../state/use-release-command';
import { isEditable } from './release-status';
import { ReleaseErrorList } from './release-error-list';

type Asking = 'publish' | 'rollback' | 'delete' | null;

interface ReleaseActionsProps {
  release: ReleaseView;
  command: ReleaseCommandRunner;
  onDone: (notice: string) => void;
  onDeleted: () => void;
}

/**
 * What is done with the release as a whole, each asked first: publish it now (all its pages at
 * once), delete it while it is open, or roll a published one back. A refused publication or
 * rollback is shown here, and beside each page it is about in the list of pages.
 */
export function ReleaseActions({ release, command, onDone, onDeleted }: ReleaseActionsProps) {
  const { t } = useTranslation();
  const api = useApi();
  const headingId = useId();
  const [asking, setAsking] = useState<Asking>(null);
  const editable = isEditable(release.status);
  const count = release.items.length;
  const menuCount = release.menus.length;
  const busy = command.pending !== null;

  if (!editable && release.status !== 'published') return null;

  const publish = async () => {
    const done = await command.run('publish', () => releaseCommands.publish(api, release.releaseID, release.revision));
    setAsking(null);
    if (done) onDone(count > 0 ? t('releases.publish.done', { count }) : t('releases.publish.doneMenus'));
  };
  const rollback = async () => {
    const done = await command.run('rollback', () => releaseCommands.rollback(api, release.releaseID, release.revision));
    setAsking(null);
    if (done) onDone(t('releases.rollback.done'));
  };
  const remove = async () => {
    const done = await command.run('delete', () => releaseCommands.delete(api, release.releaseID, release.revision));
    setAsking(null);
    if (done) onDeleted();
  };

  return (
    <section className="area release__actions" aria-labelledby={headingId}>
      <h2 id={headingId} className="area__title">
        {t(editable ? 'releases.actions.heading' : 'releases.actions.publishedHeading')}
      </h2>
      <ReleaseErrorList failed={command.failed} of={['publish', 'rollback', 'delete']} />
      {editable && count + menuCount === 0 && <p className="form__hint">{t('releases.needsPages')}</p>}
      <div className="form__actions">
        {editable && (
          <>
            <button type="button" className="button button--orange" disabled={busy || count + menuCount === 0} onClick={() => setAsking('publish')}>
              {t('releases.actions.publish')}
            </button>
            <button type="button" className="button button--grey" disabled={busy} onClick={() => setAsking('delete')}>
              {t('releases.actions.delete')}
            </button>
          </>
        )}
        {release.status === 'published' && (
          <button type="button" className="button button--orange" disabled={busy} onClick={() => setAsking('rollback')}>
            {t('releases.actions.rollback')}
          </button>
        )}
      </div>

      {asking === 'publish' && (
        <Modal
          title={t('releases.publish.title', { name: release.name })}
          size="small"
          onClose={() => setAsking(null)}
          buttons={[
            { text: t('releases.publish.cancel'), theme: 'grey', onClick: () => setAsking(null) },
            { text: command.pending === 'publish' ? t('releases.publish.publishing') : t('releases.publish.confirm'), theme: 'orange', disabled: busy, onClick: () => void publish() },
          ]}
        >
          {count > 0 && <p>{t('releases.publish.body', { count })}</p>}
          {menuCount > 0 && <p>{t('releases.publish.menus', { count: menuCount })}</p>}
          {release.status === 'scheduled' && <p>{t('releases.publish.scheduled')}</p>}
        </Modal>
      )}
      {asking === 'rollback' && (
        <Modal
          title={t('releases.rollback.title', { name: release.name })}
          size="small"
          onClose={() => setAsking(null)}
          buttons={[
            { text: t('releases.rollback.cancel'), theme: 'grey', onClick: () => setAsking(null) },
            { text: command.pending === 'rollback' ? t('releases.rollback.rollingBack') : t('releases.rollback.confirm'), theme: 'orange', disabled: busy, onClick: () => void rollback() },
          ]}
        >
          <p>{t('releases.rollback.body', { count })}</p>
          <ul>
            <li>{t('releases.rollback.previous')}</li>
            <li>{t('releases.rollback.newPages')}</li>
            <li>{t('releases.rollback.drafts')}</li>
            {release.menus.length > 0 && <li>{t('releases.rollback.menus')}</li>}
          </ul>
        </Modal>
      )}
      {asking === 'delete' && (
        <Modal
          title={t('releases.delete.title', { name: release.name })}
          size="small"
          onClose={() => setAsking(null)}
          buttons={[
            { text: t('releases.delete.cancel'), theme: 'grey', onClick: () => setAsking(null) },
            { text: command.pending === 'delete' ? t('releases.delete.deleting') : t('releases.delete.confirm'), theme: 'orange', disabled: busy, onClick: () => void remove() },
          ]}
        >
          <p>{t('releases.delete.body')}</p>
          {release.status === 'scheduled' && <p>{t('releases.delete.scheduled')}</p>}
        </Modal>
      )}
    </section>
  );
}
