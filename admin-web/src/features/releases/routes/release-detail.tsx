import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ReleaseView } from '@pagelog/contracts/releases/release';
import { useApi } from '../../../core/api/api-context';
import { EndpointError } from '../../../core/api/endpoint-query';
import { useCurrentUser } from '../../../core/session/current-user';
import { releaseQueries } from '../api/release-queries';
import { AddReleasePage } from '../components/add-release-page';
import { ReleaseActions } from '../components/release-actions';
import { ReleaseDetailsForm } from '../components/release-details-form';
import { ReleaseHistory } from '../components/release-history';
import { ReleaseItems } from '../components/release-items';
import { ReleaseMenus } from '../components/release-menus';
import { ReleasePreview } from '../components/release-preview';
import { ReleaseSchedule } from '../components/release-schedule';
import { isEditable, ReleaseStatusText } from '../components/release-status';
import { useReleaseCommand } from '../state/use-release-command';
import { RELEASES_PATH } from './release-paths';
import type { ReleasesLocationState } from './releases';

/**
 * /cmsadmin/releases/:id (issue 17): one release, its pages and menu changes and what became of
 * it. With publish-page, while it is open: its name and description, its pages added and removed
 * (its menus too, with manage-menu), a preview link, a moment
 * to publish it at, publish now or delete it; once published, roll it back. With time-travel, a
 * preview of the site with its pages published.
 */
export function ReleaseDetailRoute() {
  const { t } = useTranslation();
  const api = useApi();
  const { id = '' } = useParams();
  const release = useQuery(releaseQueries.get(api, id));
  const notFound = release.error instanceof EndpointError && release.error.status === 404;

  let body;
  if (release.data) body = <ReleaseScreen release={release.data} />;
  else if (notFound) body = <p className="notice">{t('releases.detail.notFound')}</p>;
  else if (release.isError)
    body = (
      <p className="notice notice--warning" role="alert">
        {t('releases.detail.loadFailed')}
      </p>
    );
  else body = <p role="status">{t('releases.detail.loading')}</p>;

  return (
    <section className="screen screen--wide release">
      <p>
        <Link to={RELEASES_PATH}>{t('releases.back')}</Link>
      </p>
      {!release.data && <h1 className="screen__title">{t('releases.detail.title')}</h1>}
      {body}
    </section>
  );
}

/** Whether publishing it now would go ahead: something in it, and every page and menu ready. */
const isReady = (release: ReleaseView) => release.items.length + release.menus.length > 0 && [...release.items, ...release.menus].every((item) => item.status === 'ready');

function ReleaseScreen({ release }: { release: ReleaseView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hasPermission } = useCurrentUser();
  const command = useReleaseCommand(release.items, release.menus);
  const [notice, setNotice] = useState('');
  const mayPublish = hasPermission('publish-page');
  const editable = isEditable(release.status);
  const done = (text: string) => setNotice(text);
  // What the last command did is no longer news once the next one is sent.
  useEffect(() => {
    if (command.pending !== null) setNotice('');
  }, [command.pending]);

  return (
    <>
      <h1 className="screen__title">{release.name}</h1>
      <p className="release__status">
        <ReleaseStatusText release={{ ...release, scheduledAt: release.schedule?.at ?? null }} />
      </p>
      {release.description && !(editable && mayPublish) && <p className="screen__description">{release.description}</p>}
      <div role="status">{notice && <p className="notice notice--success">{notice}</p>}</div>

      {editable && mayPublish && <ReleaseDetailsForm release={release} command={command} onDone={done} />}
      <ReleaseItems release={release} command={command} editable={editable && mayPublish} onDone={done} />
      {editable && mayPublish && <AddReleasePage release={release} command={command} onDone={done} />}
      <ReleaseMenus release={release} command={command} editable={editable && mayPublish && hasPermission('manage-menu')} onDone={done} />
      {editable && mayPublish && !hasPermission('manage-menu') && release.menus.length > 0 && <p className="notice notice--info">{t('releases.menus.readOnly')}</p>}
      <ReleaseSchedule release={release} command={command} mayChange={mayPublish} onDone={done} />
      {mayPublish && (
        <ReleaseActions
          release={release}
          command={command}
          onDone={done}
          onDeleted={() => navigate(RELEASES_PATH, { state: { deleted: release.name } satisfies ReleasesLocationState })}
        />
      )}
      {editable && (mayPublish || hasPermission('time-travel')) && <ReleasePreview releaseId={release.releaseID} via={mayPublish ? 'release' : 'timeTravel'} ready={isReady(release)} />}
      <ReleaseHistory history={release.history} />
    </>
  );
}
