import { expect } from 'chai';
import { seededRoles } from '../permissions';
import { availablePageActions, type PageAction, type PageActionFacts } from './page-actions';

const permissionsOf = (roleId: string) => seededRoles.find((role) => role.ID === roleId)!.permissions.map((p) => p.name);
const roles = { administrator: permissionsOf('administrator'), publisher: permissionsOf('publisher'), editor: permissionsOf('editor') };
type Role = keyof typeof roles;

const openRequest = (requestedBy: string) => ({ requestId: 'r', versionId: 'version-2', comment: '', requestedBy, requestedAt: '2025-03-02T10:00:00Z' });
const states: Record<string, PageActionFacts['page']> = {
  concept: { status: 'concept', publishedVersionID: null, hasPublicationRequest: false, openRequest: null },
  published: { status: 'published', publishedVersionID: 'version-1', hasPublicationRequest: false, openRequest: null },
  'unpublished-changes': { status: 'unpublished-changes', publishedVersionID: 'version-1', hasPublicationRequest: false, openRequest: null },
  'not-published': { status: 'not-published', publishedVersionID: null, hasPublicationRequest: false, openRequest: null },
  'requested by someone else': { status: 'concept', publishedVersionID: null, hasPublicationRequest: true, openRequest: openRequest('user-2') },
  'requested by the reader': { status: 'concept', publishedVersionID: null, hasPublicationRequest: true, openRequest: openRequest('user-1') },
};
type State = keyof typeof states;

const actions = (state: State, role: Role): PageAction[] => availablePageActions({ page: states[state]!, permissions: roles[role], userId: 'user-1' });

/** What each role may do to a page in each state, in toolbar order. */
const expected: Record<State, Record<Role, PageAction[]>> = {
  concept: {
    administrator: ['save', 'saveAndPublish', 'publish', 'requestPublication', 'saveAndRequestPublication', 'duplicate', 'delete'],
    publisher: ['save', 'saveAndPublish', 'publish', 'requestPublication', 'saveAndRequestPublication', 'duplicate', 'delete'],
    editor: ['save', 'requestPublication', 'saveAndRequestPublication', 'duplicate'],
  },
  published: {
    administrator: ['save', 'saveAndPublish', 'unpublish', 'saveAndRequestPublication', 'duplicate', 'delete'],
    publisher: ['save', 'saveAndPublish', 'unpublish', 'saveAndRequestPublication', 'duplicate', 'delete'],
    editor: ['save', 'saveAndRequestPublication', 'duplicate'],
  },
  'unpublished-changes': {
    administrator: ['save', 'saveAndPublish', 'publish', 'unpublish', 'requestPublication', 'saveAndRequestPublication', 'duplicate', 'delete'],
    publisher: ['save', 'saveAndPublish', 'publish', 'unpublish', 'requestPublication', 'saveAndRequestPublication', 'duplicate', 'delete'],
    editor: ['save', 'requestPublication', 'saveAndRequestPublication', 'duplicate'],
  },
  'not-published': {
    administrator: ['save', 'saveAndPublish', 'publish', 'requestPublication', 'saveAndRequestPublication', 'duplicate', 'delete'],
    publisher: ['save', 'saveAndPublish', 'publish', 'requestPublication', 'saveAndRequestPublication', 'duplicate', 'delete'],
    editor: ['save', 'requestPublication', 'saveAndRequestPublication', 'duplicate'],
  },
  'requested by someone else': {
    administrator: ['reviewRequest', 'revokeRequest', 'resendRequest', 'duplicate'],
    publisher: ['reviewRequest', 'revokeRequest', 'resendRequest', 'duplicate'],
    editor: ['duplicate'],
  },
  'requested by the reader': {
    administrator: ['revokeRequest', 'resendRequest', 'duplicate'],
    publisher: ['revokeRequest', 'resendRequest', 'duplicate'],
    editor: ['revokeRequest', 'resendRequest', 'duplicate'],
  },
};

describe('the actions a page offers', () => {
  for (const state of Object.keys(expected) as State[]) {
    describe(`on a page that is ${state}`, () => {
      for (const role of Object.keys(roles) as Role[]) {
        it(`lists for ${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}: ${expected[state][role].join(', ')}`, () => {
          expect(actions(state, role)).to.deep.equal(expected[state][role]);
        });
      }
    });
  }

  it('lists nothing but duplicate for a reader who may only create pages, and nothing at all without permissions', () => {
    expect(availablePageActions({ page: states.concept!, permissions: ['create-page'], userId: 'user-1' })).to.deep.equal(['duplicate']);
    expect(availablePageActions({ page: states.published!, permissions: [], userId: 'user-1' })).to.deep.equal([]);
  });
});
