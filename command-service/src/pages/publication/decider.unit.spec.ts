import { expect } from 'chai';
import { ForbiddenError, NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { PageEvent } from '@pagelog/contracts/events/page-events';
import { content, created, deleted, draftStarted, given, published, requested, stored } from '../page-fixtures';
import { foldPage } from '../page-state';
import { decidePublication, type Actor, type PublicationCommand } from './decider';

const eddie: Actor = { actorId: 'eddie', isReviewer: false };
const rita: Actor = { actorId: 'rita', isReviewer: true };
const publish: PublicationCommand = { type: 'PublishPage', data: rita };
const accepted = (feedback = 'Mooi', requestedBy = 'eddie'): PageEvent => ({ type: 'PublicationAccepted', data: { pageId: 'p1', versionId: 'v1', requestId: 'r1', feedback, requestedBy } });
const codes = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as ValidationError).items.map((i) => `${i.code} ${i.property}`);
  }
  throw new Error('expected a refusal');
};

describe('page publication decider', () => {
  describe('when a page is published', () => {
    it('publishes the draft version with its slug and locale', () => {
      expect(decidePublication(publish, given(created()))).to.deep.equal([published('v1')]);
    });

    it('records nothing when the draft is already the published version', () => {
      expect(decidePublication(publish, given(created(), published()))).to.deep.equal([]);
    });

    it('publishes a new draft started after publication', () => {
      expect(decidePublication(publish, given(created(), published(), draftStarted('v2', 'v1')))).to.deep.equal([published('v2')]);
    });

    it('counts a request open on the draft as accepted by whoever published', () => {
      expect(decidePublication(publish, given(created(), requested()))).to.deep.equal([published('v1'), accepted('')]);
    });

    it('answers PM_01 for a page that does not exist or was deleted', () => {
      expect(() => decidePublication(publish, given())).to.throw(NotFoundError);
      expect(() => decidePublication(publish, given(created(), deleted()))).to.throw(NotFoundError);
    });
  });

  describe('when a page is unpublished', () => {
    it('takes the published version off the site, and does nothing for a page that is not live', () => {
      expect(decidePublication({ type: 'UnpublishPage', data: rita }, given(created(), published()))).to.deep.equal([
        { type: 'PageUnpublished', data: { pageId: 'p1', versionId: 'v1', slug: 'over-ons', locale: 'nl-nl' } },
      ]);
      expect(decidePublication({ type: 'UnpublishPage', data: rita }, given(created()))).to.deep.equal([]);
    });
  });

  describe('when a version is stored and published (or unpublished) in one step', () => {
    const history = [created()];
    const storeData = { versionId: 'v1', newVersionId: 'v2', content: content({ title: 'Nieuw' }), baseRevision: 1, base: foldPage(history), currentRevision: 1 };

    it('stores, then publishes the stored draft, in one list of events', () => {
      expect(decidePublication({ type: 'StoreAndPublish', data: { ...rita, store: storeData } }, given(...history))).to.deep.equal([
        stored('v1', content({ title: 'Nieuw' })),
        published('v1'),
      ]);
    });

    it('stores, then takes the live version off the site', () => {
      const live = [created(), published()];
      const events = decidePublication({ type: 'StoreAndUnpublish', data: { ...rita, store: { ...storeData, baseRevision: 2, base: foldPage(live), currentRevision: 2 } } }, given(...live));
      expect(events.map((e) => e.type)).to.deep.equal(['PageDraftStarted', 'PageVersionStored', 'PageUnpublished']);
    });

    it('refuses both steps when the store is refused', () => {
      expect(codes(() => decidePublication({ type: 'StoreAndPublish', data: { ...rita, store: storeData } }, given(created(), requested())))).to.deep.equal(['V_07 hasPublicationRequest']);
    });
  });

  describe('when publication is requested', () => {
    const request: PublicationCommand = { type: 'RequestPublication', data: { ...eddie, requestId: 'r1', comment: 'Graag publiceren' } };

    it('records the request for the draft with the comment and the requester', () => {
      expect(decidePublication(request, given(created()))).to.deep.equal([requested()]);
    });

    it('rejects a second request for the same version while one is open', () => {
      expect(codes(() => decidePublication(request, given(created(), requested())))).to.deep.equal(['V_07 hasPublicationRequest']);
    });

    it('refuses when the draft is already live, and allows a new request after a rejection', () => {
      expect(codes(() => decidePublication(request, given(created(), published())))).to.deep.equal(['V_07 status']);
      const rejected: PageEvent = { type: 'PublicationRejected', data: { pageId: 'p1', versionId: 'v1', requestId: 'r1', feedback: 'Nee', requestedBy: 'eddie' } };
      expect(decidePublication({ ...request, data: { ...request.data, requestId: 'r2' } } as PublicationCommand, given(created(), requested(), rejected))).to.have.length(1);
    });
  });

  describe('when a reviewer decides', () => {
    it('accepts: publishes the version, then records the feedback', () => {
      expect(decidePublication({ type: 'AcceptPublication', data: { ...rita, versionId: 'v1', feedback: 'Mooi' } }, given(created(), requested()))).to.deep.equal([
        published('v1'),
        accepted('Mooi'),
      ]);
    });

    it('rejects: records the feedback for the requester', () => {
      expect(decidePublication({ type: 'RejectPublication', data: { ...rita, versionId: 'v1', feedback: 'Kop te lang' } }, given(created(), requested()))).to.deep.equal([
        { type: 'PublicationRejected', data: { pageId: 'p1', versionId: 'v1', requestId: 'r1', feedback: 'Kop te lang', requestedBy: 'eddie' } },
      ]);
    });

    it('does not let a reviewer decide on their own request (UM_01)', () => {
      expect(() => decidePublication({ type: 'AcceptPublication', data: { ...rita, versionId: 'v1', feedback: '' } }, given(created(), requested('v1', 'rita')))).to.throw(ForbiddenError);
    });

    it('answers V_07 when the version has no open request, and PM_01 for a version of another page', () => {
      expect(codes(() => decidePublication({ type: 'RejectPublication', data: { ...rita, versionId: 'v1', feedback: 'x' } }, given(created())))).to.deep.equal(['V_07 hasPublicationRequest']);
      expect(() => decidePublication({ type: 'RejectPublication', data: { ...rita, versionId: 'vx', feedback: 'x' } }, given(created(), requested()))).to.throw(NotFoundError);
    });
  });

  describe('when a request is revoked or resent', () => {
    it('lets the requester revoke it, and resend it with a new comment', () => {
      expect(decidePublication({ type: 'RevokePublication', data: { ...eddie, versionId: 'v1' } }, given(created(), requested()))).to.deep.equal([
        { type: 'PublicationRequestRevoked', data: { pageId: 'p1', versionId: 'v1', requestId: 'r1' } },
      ]);
      expect(decidePublication({ type: 'ResendPublication', data: { ...eddie, versionId: 'v1', comment: ' Nog even kijken? ' } }, given(created(), requested()))).to.deep.equal([
        { type: 'PublicationRequestResent', data: { pageId: 'p1', versionId: 'v1', requestId: 'r1', comment: 'Nog even kijken?' } },
      ]);
    });

    it('lets a reviewer revoke someone else\'s request, but nobody else (UM_01)', () => {
      expect(decidePublication({ type: 'RevokePublication', data: { ...rita, versionId: 'v1' } }, given(created(), requested()))).to.have.length(1);
      expect(() => decidePublication({ type: 'RevokePublication', data: { actorId: 'otto', isReviewer: false, versionId: 'v1' } }, given(created(), requested()))).to.throw(ForbiddenError);
    });
  });
});
