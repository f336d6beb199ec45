import { expect } from 'chai';
import { permissionNames } from '@pagelog/contracts/permissions';
import { aPage } from '../../../testing/pages';
import { availableActions, canEdit, type ActionContext } from './available-actions';

const everything = [...permissionNames];
const editor = ['create-page', 'edit-page', 'request-publication'];

function actions(overrides: Partial<ActionContext> = {}, page: Partial<ActionContext['page']> = {}) {
  return [...availableActions({ page: { ...aPage(), ...page }, permissions: everything, userId: 'user-1', unsaved: false, ...overrides })].sort();
}

const openRequest = (requestedBy: string) => ({ requestId: 'r', versionId: 'version-1', comment: '', requestedBy, requestedAt: '2025-03-02T10:00:00Z' });

describe('the page actions that apply', () => {
  it('for a clean concept, with every permission: save, publish, request, duplicate, delete', () => {
    expect(actions()).to.deep.equal(['delete', 'duplicate', 'publish', 'requestPublication', 'save']);
  });

  it('swap Publish for Save and publish while changes are unsaved', () => {
    expect(actions({ unsaved: true })).to.deep.equal(['delete', 'duplicate', 'requestPublication', 'save', 'saveAndPublish']);
  });

  it('offer Unpublish only for a page with a live version', () => {
    expect(actions({}, { status: 'published', publishedVersionID: 'version-1' })).to.deep.equal(['delete', 'duplicate', 'save', 'unpublish']);
    expect(actions({}, { status: 'unpublished-changes', publishedVersionID: 'version-0' })).to.include.members(['publish', 'unpublish', 'requestPublication']);
  });

  it('give an editor without publish rights no publish or unpublish', () => {
    expect(actions({ permissions: editor, unsaved: true })).to.deep.equal(['duplicate', 'requestPublication', 'save']);
  });

  it('leave a reviewer only the review, revoke and resend while someone else\'s request pins the draft', () => {
    expect(actions({}, { hasPublicationRequest: true, openRequest: openRequest('user-2') })).to.deep.equal([
      'duplicate',
      'resendRequest',
      'reviewRequest',
      'revokeRequest',
    ]);
  });

  it('never let a reviewer review their own request', () => {
    expect(actions({}, { hasPublicationRequest: true, openRequest: openRequest('user-1') })).to.not.include('reviewRequest');
  });

  it('let the requester revoke and resend, but not another editor', () => {
    const pinned = { hasPublicationRequest: true, openRequest: openRequest('user-1') };
    expect(actions({ permissions: editor }, pinned)).to.deep.equal(['duplicate', 'resendRequest', 'revokeRequest']);
    expect(actions({ permissions: editor, userId: 'user-3' }, pinned)).to.deep.equal(['duplicate']);
  });

  it('make the editor read-only without edit-page or while a request is open', () => {
    expect(canEdit({ page: aPage(), permissions: everything })).to.equal(true);
    expect(canEdit({ page: aPage(), permissions: ['publish-page'] })).to.equal(false);
    expect(canEdit({ page: aPage({ hasPublicationRequest: true }), permissions: everything })).to.equal(false);
  });
});
