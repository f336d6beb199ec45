import type { RecordedEvent } from '@pagelog/contracts/events/event';
import type { EventData } from '@pagelog/contracts/events/registry';
import type { PersonalData } from '@pagelog/contracts/events/user-events';
import { hasPermission } from '@pagelog/contracts/permissions';
import type { PageDoc, RequestDoc } from '@pagelog/contracts/pages/page-docs';
import { pageEditorPath } from '@pagelog/contracts/pages/page-types';
import { releasePath } from '@pagelog/contracts/pages/admin-paths';
import { reactorNames, readModels, SETTINGS_DOC_ID } from '@pagelog/contracts/read-models';
import { publicPath } from '@pagelog/contracts/slugs';
import type { RoleDoc, UserDoc } from '@pagelog/contracts/users/user-docs';
import type { Mailer } from '@pagelog/storage/mail/mailer';
import type { PersonalDataVault } from '@pagelog/storage/key-store/personal-data-vault';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import type { Reactor } from '../core/reactor';
import { activationMail, decisionMail, releaseScheduleFailedMail, requestMail, resetMail, scheduleFailedMail, type Recipient } from './mail-texts';
import type { ReleaseDoc } from '@pagelog/contracts/releases/release';

export interface MailsReactorDeps {
  mailer: Mailer;
  vault: PersonalDataVault;
  readModels: ReadModelStore;
  publicUrl: string;
  clock?: () => number;
}

/** An active user's address and name, opened with their key; null for anyone else. */
interface Person extends Recipient {
  userId: string;
  roleId: string;
}

/**
 * Every mail Pagelog sends, from the log: the activation and reset links of users, the
 * reviewers' mail on a publication request (and its reminder), the requester's on a decision,
 * and the scheduler's when a scheduled publication fails.
 * Recipients come from the users read model; their addresses are opened with their keys, so a
 * deleted user is mailed nothing. Each mail's key is its event (and recipient): sent once.
 */
export function mailsReactor(deps: MailsReactorDeps): Reactor {
  const clock = deps.clock ?? Date.now;
  const { readModels: store } = deps;

  async function person(userId: string, activeOnly = true): Promise<Person | null> {
    const doc = await store.get<UserDoc>(readModels.users.collection, userId);
    if (!doc || (activeOnly && doc.status !== 'active')) return null;
    const personal = await deps.vault.open<PersonalData>(userId, doc.personal);
    return personal ? { userId, roleId: doc.roleId, email: personal.email, name: personal.name } : null;
  }

  async function nameOf(userId: string): Promise<string> {
    return (await person(userId, false))?.name || 'A colleague';
  }

  /** Every active user whose role may review publication requests. */
  async function reviewers(): Promise<Person[]> {
    const active = await store.find<UserDoc>(readModels.users.collection, { where: { status: 'active' } });
    const roles = await store.getMany<RoleDoc>(readModels.roles.collection, [...new Set(active.map((u) => u.roleId))]);
    const people = await Promise.all(active.filter((u) => hasPermission(roles.get(u.roleId)?.permissions, 'review-publication')).map((u) => person(u.ID)));
    return people.filter((p): p is Person => p !== null);
  }

  const editorLink = (pageId: string) => `${deps.publicUrl}${pageEditorPath(pageId)}`;
  const page = (pageId: string) => store.get<PageDoc>(readModels.pages.collection, pageId);

  return {
    name: reactorNames.mails,
    handles: ['UserTokenIssued', 'PublicationRequested', 'PublicationRequestResent', 'PublicationAccepted', 'PublicationRejected', 'PageScheduleFailed', 'ReleaseScheduleFailed'],
    reads: [readModels.users.projection, readModels.pages.projection, readModels.settings.projection, readModels.releases.projection],
    async react(event: RecordedEvent, effects) {
      switch (event.type) {
        case 'UserTokenIssued': {
          const data = event.data as EventData<'UserTokenIssued'>;
          // A link that has run out (the mail server was away for longer) is not worth sending.
          if (!data.sealedToken || Date.parse(data.expiresAt) <= clock()) return;
          const userId = event.stream.slice('user-'.length);
          const to = await person(userId, false);
          const token = to ? await deps.vault.open<string>(userId, data.sealedToken) : null;
          if (!to || !token) return;
          const mail = (data.purpose === 'reset' ? resetMail : activationMail)(to, deps.publicUrl, token);
          await effects.once(event.id, () => deps.mailer.send({ ...mail, id: event.id }));
          return;
        }
        case 'PublicationRequested':
        case 'PublicationRequestResent': {
          const data = event.data as EventData<'PublicationRequestResent'>;
          const requesterId = event.metadata.actorId;
          const about = await page(data.pageId);
          if (!about) return;
          const request = data.comment ? null : await store.get<RequestDoc>(readModels.publicationRequests.collection, data.requestId);
          const comment = data.comment || request?.comment || '';
          const requester = await nameOf(requesterId);
          // The one who asks is not mailed their own request.
          for (const reviewer of (await reviewers()).filter((p) => p.userId !== requesterId)) {
            const mail = requestMail(reviewer, requester, about, comment, editorLink(data.pageId), event.type === 'PublicationRequestResent');
            const key = `${event.id}:${reviewer.userId}`;
            await effects.once(key, () => deps.mailer.send({ ...mail, id: key }));
          }
          return;
        }
        case 'PublicationAccepted':
        case 'PublicationRejected': {
          const data = event.data as EventData<'PublicationAccepted'>;
          const reviewerId = event.metadata.actorId;
          const requester = data.requestedBy === reviewerId ? null : await person(data.requestedBy);
          const about = await page(data.pageId);
          if (!requester || !about) return;
          const accepted = event.type === 'PublicationAccepted';
          const settings = await store.get<{ defaultLocale?: string }>(readModels.settings.collection, SETTINGS_DOC_ID);
          const link = accepted ? `${deps.publicUrl}${publicPath(about.locale, about.slug, settings?.defaultLocale ?? about.locale)}` : editorLink(data.pageId);
          const mail = decisionMail(requester, await nameOf(reviewerId), about, accepted, data.feedback, link);
          await effects.once(event.id, () => deps.mailer.send({ ...mail, id: event.id }));
          return;
        }
        case 'PageScheduleFailed': {
          // Once per schedule: the first failure; the editor and the dashboard show the later ones.
          const data = event.data as EventData<'PageScheduleFailed'>;
          if (data.attempt !== 1) return;
          const to = await person(data.scheduledBy);
          const about = await page(data.pageId);
          if (!to || !about) return;
          const mail = scheduleFailedMail(to, about, { action: data.action, at: data.at, message: data.message, retryAt: data.retryAt }, editorLink(data.pageId));
          await effects.once(event.id, () => deps.mailer.send({ ...mail, id: event.id }));
          return;
        }
        case 'ReleaseScheduleFailed': {
          // Once per schedule, as for a page.
          const data = event.data as EventData<'ReleaseScheduleFailed'>;
          if (data.attempt !== 1) return;
          const to = await person(data.scheduledBy);
          if (!to) return;
          const name = (await store.get<ReleaseDoc>(readModels.releases.collection, data.releaseId))?.name ?? data.releaseId;
          const mail = releaseScheduleFailedMail(to, { name }, { at: data.at, message: data.message, retryAt: data.retryAt }, `${deps.publicUrl}${releasePath(data.releaseId)}`);
          await effects.once(event.id, () => deps.mailer.send({ ...mail, id: event.id }));
          return;
        }
        default:
          return;
      }
    },
  };
}
