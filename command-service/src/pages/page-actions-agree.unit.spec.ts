import { expect } from 'chai';
import type { PageEvent } from '@pagelog/contracts/events/page-events';
import { availablePageActions, type PageAction } from '@pagelog/contracts/pages/page-actions';
import { seededRoles } from '@pagelog/contracts/permissions';
import { authoringDecider } from './authoring/decider';
import { content, created, draftStarted, published, requested, stored } from './page-fixtures';
import { foldPage, statusOf, type PageState } from './page-state';
import { publicationDecider, type Actor, type PublicationCommand } from './publication/decider';

/**
 * The actions the page query lists (contracts' availablePageActions) against the deciders: every
 * action listed for a role in a state must be accepted when that role sends it. The list may be
 * narrower (decision 0011), never wider.
 */
const roles = Object.fromEntries(seededRoles.map((role) => [role.ID, role.permissions.map((p) => p.name)]));

const states: Record<string, PageEvent[]> = {
  concept: [created()],
  published: [created(), published()],
  'unpublished changes': [created(), published(), draftStarted('v2', 'v1'), stored('v2', content({ title: 'Nieuw' }))],
  'requested by eddie': [created(), requested('v1', 'eddie')],
  'requested by rita': [created(), requested('v1', 'rita')],
};

/** The command a listed action sends, as `actor`; null for actions the deciders do not see alone. */
function commandFor(action: PageAction, state: PageState, actor: Actor): { decide: () => unknown } | null {
  const publication = (command: PublicationCommand) => ({ decide: () => publicationDecider.decide(command, state) });
  const versionId = state.openRequest?.versionId ?? state.draftVersionId;
  switch (action) {
    case 'publish':
      return publication({ type: 'PublishPage', data: actor });
    case 'unpublish':
      return publication({ type: 'UnpublishPage', data: actor });
    case 'requestPublication':
      return publication({ type: 'RequestPublication', data: { ...actor, requestId: 'r9', comment: '' } });
    case 'reviewRequest':
      return publication({ type: 'AcceptPublication', data: { ...actor, versionId, feedback: '' } });
    case 'revokeRequest':
      return publication({ type: 'RevokePublication', data: { ...actor, versionId } });
    case 'resendRequest':
      return publication({ type: 'ResendPublication', data: { ...actor, versionId } });
    case 'delete':
      return { decide: () => authoringDecider.decide({ type: 'DeletePage', data: {} }, state) };
    default:
      // save, the save-first actions and duplicate depend on the editor's input, not on the state alone.
      return null;
  }
}

describe('the page actions the server lists, against the deciders', () => {
  for (const [stateName, events] of Object.entries(states)) {
    for (const [roleId, permissions] of Object.entries(roles)) {
      for (const userId of ['eddie', 'rita']) {
        it(`accepts every action it lists for ${userId} as ${roleId} on a page ${stateName}`, () => {
          const state = foldPage(events);
          const page = {
            status: statusOf(state),
            publishedVersionID: state.publishedVersionId,
            hasPublicationRequest: state.openRequest !== null,
            openRequest: state.openRequest && { ...state.openRequest, requestedAt: '2026-11-24T08:00:00.000Z' },
          };
          const actor: Actor = { actorId: userId, isReviewer: permissions.includes('review-publication') };
          const listed = availablePageActions({ page, permissions, userId });
          for (const action of listed) {
            const command = commandFor(action, state, actor);
            if (command) expect(command.decide, `${action} is listed but refused`).to.not.throw();
          }
        });
      }
    }
  }
});
