import { ForbiddenError, NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { PageEvent } from '@pagelog/contracts/events/page-events';
import { deciderSpec } from '../../core/decider-spec';
import { content, created, deleted, draftStarted, published, requested, stored } from '../page-fixtures';
import { foldPage } from '../page-state';
import { publicationDecider, type Actor, type PublicationCommand } from './decider';
import { authoringDecider } from '../authoring/decider';

const page = deciderSpec(publicationDecider);
const authoring = deciderSpec(authoringDecider);
const eddie: Actor = { actorId: 'eddie', isReviewer: false };
const rita: Actor = { actorId: 'rita', isReviewer: true };
const publish: PublicationCommand = { type: 'PublishPage', data: rita };
const accepted = (feedback = 'Mooi', requestedBy = 'eddie'): PageEvent => ({ type: 'PublicationAccepted', data: { pageId: 'p1', versionId: 'v1', requestId: 'r1', feedback, requestedBy } });
/** What a refusal of a publication request names. */
const ofRequest = (code: string, property: string) => ({ code, property, model: 'publicationRequest' });

describe('page publication decider', () => {
  describe('when a page is published', () => {
    it('publishes the draft version with its slug and locale', () => {
      page.given(created()).when(publish).then([published('v1')]);
    });

    it('records nothing when the draft is already the published version', () => {
      page.given(created(), published()).when(publish).thenNothing();
    });

    it('publishes a new draft started after publication', () => {
      page.given(created(), published(), draftStarted('v2', 'v1')).when(publish).then([published('v2')]);
    });

    it('counts a request open on the draft as accepted by whoever published', () => {
      page.given(created(), requested()).when(publish).then([published('v1'), accepted('')]);
    });

    it('answers PM_01 for a page that does not exist or was deleted', () => {
      page.given().when(publish).thenFails(NotFoundError, [{ code: 'PM_01', property: 'id', model: 'page' }]);
      page.given(created(), deleted()).when(publish).thenFails(NotFoundError, [{ code: 'PM_01', property: 'id', model: 'page' }]);
    });
  });

  describe('when a page is unpublished', () => {
    it('takes the published version off the site, and does nothing for a page that is not live', () => {
      page.given(created(), published()).when({ type: 'UnpublishPage', data: rita }).then([
        { type: 'PageUnpublished', data: { pageId: 'p1', versionId: 'v1', slug: 'over-ons', locale: 'nl-nl' } },
      ]);
      page.given(created()).when({ type: 'UnpublishPage', data: rita }).thenNothing();
    });
  });

  describe('when a version is stored and published (or unpublished) in one step', () => {
    const history = [created()];
    const storeData = { versionId: 'v1', newVersionId: 'v2', content: content({ title: 'Nieuw' }), baseRevision: 1, base: foldPage(history), currentRevision: 1 };

    it('stores, then publishes the stored draft, in one list of events', () => {
      page.given(...history).when({ type: 'StoreAndPublish', data: { ...rita, store: storeData } }).then([stored('v1', content({ title: 'Nieuw' })), published('v1')]);
    });

    it('stores, then takes the live version off the site', () => {
      const live = [created(), published()];
      page.given(...live)
        .when({ type: 'StoreAndUnpublish', data: { ...rita, store: { ...storeData, baseRevision: 2, base: foldPage(live), currentRevision: 2 } } })
        .thenTypes('PageDraftStarted', 'PageVersionStored', 'PageUnpublished');
    });

    it('refuses both steps when the store is refused', () => {
      page.given(created(), requested())
        .when({ type: 'StoreAndPublish', data: { ...rita, store: storeData } })
        .thenFails(ValidationError, [{ code: 'V_07', property: 'hasPublicationRequest', model: 'pageVersion' }]);
    });
  });

  describe('when publication is requested', () => {
    const request: PublicationCommand = { type: 'RequestPublication', data: { ...eddie, requestId: 'r1', comment: 'Graag publiceren' } };

    it('records the request for the draft with the comment and the requester', () => {
      page.given(created()).when(request).then([requested()]);
    });

    it('rejects a second request for the same version while one is open', () => {
      page.given(created(), requested()).when(request).thenFails(ValidationError, [ofRequest('V_07', 'hasPublicationRequest')]);
    });

    it('refuses when the draft is already live, and allows a new request after a rejection', () => {
      page.given(created(), published()).when(request).thenFails(ValidationError, [ofRequest('V_07', 'status')]);
      const rejected: PageEvent = { type: 'PublicationRejected', data: { pageId: 'p1', versionId: 'v1', requestId: 'r1', feedback: 'Nee', requestedBy: 'eddie' } };
      page.given(created(), requested(), rejected).when({ ...request, data: { ...request.data, requestId: 'r2' } } as PublicationCommand).then([requested('v1', 'eddie', 'r2')]);
    });
  });

  describe('when a reviewer decides', () => {
    it('accepts: publishes the version, then records the feedback', () => {
      page.given(created(), requested()).when({ type: 'AcceptPublication', data: { ...rita, versionId: 'v1', feedback: 'Mooi' } }).then([published('v1'), accepted('Mooi')]);
    });

    it('rejects: records the feedback for the requester', () => {
      page.given(created(), requested()).when({ type: 'RejectPublication', data: { ...rita, versionId: 'v1', feedback: 'Kop te lang' } }).then([
        { type: 'PublicationRejected', data: { pageId: 'p1', versionId: 'v1', requestId: 'r1', feedback: 'Kop te lang', requestedBy: 'eddie' } },
      ]);
    });

    it('does not let a reviewer decide on their own request (UM_01)', () => {
      page.given(created(), requested('v1', 'rita')).when({ type: 'AcceptPublication', data: { ...rita, versionId: 'v1', feedback: '' } }).thenFails(ForbiddenError, [{ code: 'UM_01', property: '', model: '' }]);
    });

    it('answers V_07 when the version has no open request, and PM_01 for a version of another page', () => {
      page.given(created()).when({ type: 'RejectPublication', data: { ...rita, versionId: 'v1', feedback: 'x' } }).thenFails(ValidationError, [ofRequest('V_07', 'hasPublicationRequest')]);
      page.given(created(), requested()).when({ type: 'RejectPublication', data: { ...rita, versionId: 'vx', feedback: 'x' } }).thenFails(NotFoundError, [ofRequest('PM_01', 'id')]);
    });
  });

  describe('when a request is revoked or resent', () => {
    it('lets the requester revoke it, and resend it with a new comment', () => {
      page.given(created(), requested()).when({ type: 'RevokePublication', data: { ...eddie, versionId: 'v1' } }).then([
        { type: 'PublicationRequestRevoked', data: { pageId: 'p1', versionId: 'v1', requestId: 'r1' } },
      ]);
      page.given(created(), requested()).when({ type: 'ResendPublication', data: { ...eddie, versionId: 'v1', comment: ' Nog even kijken? ' } }).then([
        { type: 'PublicationRequestResent', data: { pageId: 'p1', versionId: 'v1', requestId: 'r1', comment: 'Nog even kijken?' } },
      ]);
    });

    it('lets a reviewer revoke someone else\'s request, but nobody else (UM_01)', () => {
      page.given(created(), requested()).when({ type: 'RevokePublication', data: { ...rita, versionId: 'v1' } }).thenTypes('PublicationRequestRevoked');
      page.given(created(), requested()).when({ type: 'RevokePublication', data: { actorId: 'otto', isReviewer: false, versionId: 'v1' } }).thenFails(ForbiddenError);
    });
  });

  describe('when a change is scheduled (issue 17)', () => {
    const now = '2026-12-03T09:00:00.000Z';
    const at = '2026-12-03T09:02:00.000Z';
    const schedulePublish: PublicationCommand = { type: 'SchedulePageChange', data: { ...rita, scheduleId: 's1', action: 'publish', at, now } };
    const scheduled = (action: 'publish' | 'unpublish' = 'publish', when = at, versionId = 'v1', scheduleId = 's1'): PageEvent => ({
      type: 'PageChangeScheduled',
      data: { pageId: 'p1', scheduleId, action, at: when, versionId, locale: 'nl-nl', scheduledBy: 'rita' },
    });
    const run = (scheduleId = 's1', action: 'publish' | 'unpublish' = 'publish', when = at): PublicationCommand => ({ type: 'RunSchedule', data: { scheduleId, action, now: when } });
    const carriedOut = (changed: boolean, action: 'publish' | 'unpublish' = 'publish', versionId = 'v1'): PageEvent => ({
      type: 'PageScheduleCarriedOut',
      data: { pageId: 'p1', scheduleId: 's1', action, versionId, scheduledBy: 'rita', changed },
    });

    it('plans publishing the draft at a moment in the future', () => {
      page.given(created()).when(schedulePublish).then([scheduled()]);
    });

    it('refuses a moment now or past (V_12 on at), and a publication of what is already live (V_07)', () => {
      page.given(created()).when({ ...schedulePublish, data: { ...schedulePublish.data, at: now } } as PublicationCommand).thenFails(ValidationError, [{ code: 'V_12', property: 'at', model: 'page' }]);
      page.given(created(), published()).when(schedulePublish).thenFails(ValidationError, [{ code: 'V_07', property: 'status', model: 'page' }]);
    });

    it('plans an unpublication only of a page that is live, or goes live before then', () => {
      const unpublishAt = (when: string): PublicationCommand => ({ type: 'SchedulePageChange', data: { ...rita, scheduleId: 's2', action: 'unpublish', at: when, now } });
      page.given(created()).when(unpublishAt(at)).thenFails(ValidationError, [{ code: 'V_07', property: 'status', model: 'page' }]);
      page.given(created(), published()).when(unpublishAt(at)).then([scheduled('unpublish', at, 'v1', 's2')]);
      page.given(created(), scheduled()).when(unpublishAt('2026-12-03T10:00:00.000Z')).then([scheduled('unpublish', '2026-12-03T10:00:00.000Z', 'v1', 's2')]);
      page.given(created(), scheduled()).when(unpublishAt('2026-12-03T09:01:00.000Z')).thenFails(ValidationError, [{ code: 'V_07', property: 'status', model: 'page' }]);
    });

    it('carries out a due publication with its record in one list, and nothing before it is due', () => {
      page.given(created(), scheduled()).when(run('s1', 'publish', '2026-12-03T09:01:59.000Z')).thenNothing();
      page.given(created(), scheduled()).when(run()).then([published('v1'), carriedOut(true)]);
    });

    it('does nothing for a schedule cancelled or replaced meanwhile', () => {
      page.given(created(), scheduled(), { type: 'PageScheduleCancelled', data: { pageId: 'p1', scheduleId: 's1', action: 'publish' } }).when(run()).thenNothing();
      page.given(created(), scheduled(), scheduled('publish', '2026-12-03T11:00:00.000Z', 'v1', 's9')).when(run()).thenNothing();
    });

    it('drops a scheduled publication when its draft is saved again: what was scheduled is the draft as it was', () => {
      const history = [created(), scheduled()];
      const storeData = { versionId: 'v1', newVersionId: 'v2', content: content({ title: 'Later' }), baseRevision: 2, base: foldPage(history), currentRevision: 2 };
      authoring.given(...history).when({ type: 'StoreVersion', data: storeData }).then([stored('v1', content({ title: 'Later' })), { type: 'PageScheduleCancelled', data: { pageId: 'p1', scheduleId: 's1', action: 'publish' } }]);
      // A scheduled unpublication is not about the draft: a save leaves it.
      const live = [created(), published(), scheduled('unpublish', at, 'v1', 's2')];
      const onLive = { versionId: 'v1', newVersionId: 'v2', content: content({ title: 'Later' }), baseRevision: 3, base: foldPage(live), currentRevision: 3 };
      authoring.given(...live).when({ type: 'StoreVersion', data: onLive }).then([draftStarted('v2', 'v1'), stored('v2', content({ title: 'Later' }))]);
    });

    it('drops a scheduled publication when its version is published by hand', () => {
      page.given(created(), scheduled()).when(publish).then([published('v1'), { type: 'PageScheduleCancelled', data: { pageId: 'p1', scheduleId: 's1', action: 'publish' } }]);
    });

    it('records the scheduled publication as done, without publishing, when a later draft exists', () => {
      // Published by hand through another path that left the schedule (an old log), then a new draft began.
      page.given(created(), scheduled(), published('v1'), draftStarted('v2', 'v1')).when(run()).then([carriedOut(false)]);
    });

    it('counts failures, each with the next attempt', () => {
      const fail: PublicationCommand = { type: 'RecordScheduleFailure', data: { scheduleId: 's1', action: 'publish', code: 'V_12', message: 'missing', retryAt: '2026-12-03T09:03:00.000Z' } };
      const failed = (attempt: number): PageEvent => ({ type: 'PageScheduleFailed', data: { pageId: 'p1', scheduleId: 's1', action: 'publish', at, scheduledBy: 'rita', code: 'V_12', message: 'missing', attempt, retryAt: '2026-12-03T09:03:00.000Z' } });
      page.given(created(), scheduled()).when(fail).then([failed(1)]);
      page.given(created(), scheduled(), failed(1)).when(fail).then([failed(2)]);
      page.given(created()).when(fail).thenNothing();
    });

    it('cancels a pending schedule, and refuses to cancel none (V_07)', () => {
      page.given(created(), scheduled()).when({ type: 'CancelSchedule', data: { ...rita, action: 'publish' } }).then([{ type: 'PageScheduleCancelled', data: { pageId: 'p1', scheduleId: 's1', action: 'publish' } }]);
      page.given(created()).when({ type: 'CancelSchedule', data: { ...rita, action: 'publish' } }).thenFails(ValidationError, [{ code: 'V_07', property: 'schedules', model: 'page' }]);
    });
  });
});
