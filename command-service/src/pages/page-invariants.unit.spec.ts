import { expect } from 'chai';
import fc from 'fast-check';
import { DomainError } from '@pagelog/contracts/domain-errors';
import type { PageEvent } from '@pagelog/contracts/events/page-events';
import type { VersionContent } from '@pagelog/contracts/pages/page';
import { authoringDecider, type AuthoringCommand } from './authoring/decider';
import { publicationDecider, type PublicationCommand } from './publication/decider';
import { content, heading, richText } from './page-fixtures';
import { evolvePage, initialPageState, statusOf, type PageState } from './page-state';

/**
 * Random sequences of page commands, from any actor, never reach an invalid state: a page that
 * says it is published has a published version (the draft), at most one request is open per
 * version, a published version never changes again (its blocks nor its settings), a live page
 * moves only for someone who may publish, and a deleted page accepts nothing.
 */

const pool = [heading('a', 'Eén'), heading('a', 'Een'), richText('b', '<p><a href="/oud">x</a></p>'), richText('b', '<p>Twee</p>'), heading('c', 'Drie', 'drie')];
const contentArb = fc
  .record({ title: fc.constantFrom('Over ons', 'Wie wij zijn'), picks: fc.subarray([0, 1, 2, 3, 4]), seoTitle: fc.constantFrom('', 'SEO') })
  .map(({ title, picks, seoTitle }): VersionContent => {
    const seen = new Set<string>();
    const blocks = picks.map((i) => pool[i]!).filter((b) => !seen.has(b.key) && !!seen.add(b.key));
    return content({ title, blocks, seoTitle });
  });

const actor = fc.constantFrom({ actorId: 'eddie', isReviewer: false }, { actorId: 'rita', isReviewer: true }, { actorId: 'ruben', isReviewer: true });
/** Which version a call names: the draft, the first one, or one of another page. */
const versionPick = fc.constantFrom('draft', 'first', 'other');

type Action =
  | { k: 'create' }
  | { k: 'store'; v: string; base: number; content: VersionContent; then: 'store' | 'publish' | 'unpublish' }
  | { k: 'save'; slug: string; anchor: string; summary: string; mayPublish: boolean }
  | { k: 'links' }
  | { k: 'delete' }
  | { k: 'publish' | 'unpublish' | 'request'; who: { actorId: string; isReviewer: boolean } }
  | { k: 'accept' | 'reject' | 'revoke' | 'resend'; who: { actorId: string; isReviewer: boolean }; v: string };

/** Mostly saves based on the latest revision, sometimes on an older one (a merge or a 409). */
const baseArb = fc.oneof({ weight: 3, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }) });
const versionOfStore = fc.oneof({ weight: 4, arbitrary: fc.constant('draft') }, { weight: 1, arbitrary: versionPick });

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Action>({ k: 'create' }) },
  {
    weight: 5,
    arbitrary: fc.record({
      k: fc.constant('store' as const),
      v: versionOfStore,
      base: baseArb,
      content: contentArb,
      then: fc.constantFrom('store' as const, 'store' as const, 'publish' as const, 'unpublish' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant('save' as const),
      slug: fc.constantFrom('oud', 'nieuw'),
      anchor: fc.constantFrom('', 'top'),
      summary: fc.constantFrom('', 'Kort'),
      mayPublish: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant<Action>({ k: 'links' }) },
  { weight: 1, arbitrary: fc.constant<Action>({ k: 'delete' }) },
  { weight: 4, arbitrary: fc.record({ k: fc.constantFrom('publish' as const, 'unpublish' as const, 'request' as const, 'request' as const), who: actor }) },
  { weight: 4, arbitrary: fc.record({ k: fc.constantFrom('accept' as const, 'reject' as const, 'revoke' as const, 'resend' as const), who: actor, v: versionOfStore }) },
);

function commandFor(action: Action, states: PageState[], step: number): AuthoringCommand | PublicationCommand {
  const state = states[states.length - 1]!;
  const version = (pick: string) => (pick === 'draft' ? state.draftVersionId : pick === 'first' ? (state.versionIds[0] ?? 'v-none') : 'v-other');
  switch (action.k) {
    case 'create':
      return {
        type: 'CreatePage',
        data: { pageId: 'p1', versionId: 'v0', translationGroupId: 'p1', pageType: 'article', locale: 'nl-nl', title: 'Over ons', slug: 'oud', content: '', typeData: {}, copiedFrom: null, copiedContent: null },
      };
    case 'store': {
      const current = states.length - 1;
      const baseRevision = Math.min(current, Math.floor(action.base * (current + 1)));
      const store = {
        versionId: version(action.v),
        newVersionId: `v${step}`,
        content: action.content,
        baseRevision,
        base: states[baseRevision]!,
        currentRevision: current,
      };
      if (action.then === 'store') return { type: 'StoreVersion', data: store };
      return { type: action.then === 'publish' ? 'StoreAndPublish' : 'StoreAndUnpublish', data: { actorId: 'rita', isReviewer: true, store } };
    }
    case 'save':
      return {
        type: 'SavePage',
        data: { slug: action.slug, updateLinks: true, anchor: action.anchor, typeData: { summary: action.summary }, mayPublish: action.mayPublish, newVersionId: `v${step}` },
      };
    case 'links':
      return { type: 'UpdateLinks', data: { fromPath: '/oud', toPath: '/nieuw', movedPageId: 'p2', newVersionId: `v${step}`, origins: [] } };
    case 'delete':
      return { type: 'DeletePage', data: {} };
    case 'publish':
      return { type: 'PublishPage', data: action.who };
    case 'unpublish':
      return { type: 'UnpublishPage', data: action.who };
    case 'request':
      return { type: 'RequestPublication', data: { ...action.who, requestId: `r${step}`, comment: 'graag' } };
    case 'accept':
      return { type: 'AcceptPublication', data: { ...action.who, versionId: version(action.v), feedback: 'ok' } };
    case 'reject':
      return { type: 'RejectPublication', data: { ...action.who, versionId: version(action.v), feedback: 'nee' } };
    case 'revoke':
      return { type: 'RevokePublication', data: { ...action.who, versionId: version(action.v) } };
    case 'resend':
      return { type: 'ResendPublication', data: { ...action.who, versionId: version(action.v) } };
  }
}

const authoring = new Set(['CreatePage', 'StoreVersion', 'SavePage', 'UpdateLinks', 'DeletePage']);
function decide(command: AuthoringCommand | PublicationCommand, state: PageState): PageEvent[] {
  return authoring.has(command.type) ? authoringDecider.decide(command as AuthoringCommand, state) : publicationDecider.decide(command as PublicationCommand, state);
}

describe('page commands in any order', () => {
  it('never reach an invalid state', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { maxLength: 60 }), (rest) => {
        const actions: Action[] = [{ k: 'create' }, ...rest];
        // states[r]: the page after its first r events, so a stale save can be based on any of them.
        const states: PageState[] = [initialPageState];
        const openByVersion = new Map<string, string>();
        const everPublished = new Set<string>();
        actions.forEach((action, step) => {
          const before = states[states.length - 1]!;
          let events: PageEvent[];
          try {
            events = decide(commandFor(action, states, step), before);
          } catch (error) {
            if (error instanceof DomainError) return;
            throw error;
          }
          if (before.deleted) expect(events, 'a deleted page accepts nothing').to.deep.equal([]);
          let state = before;
          for (const event of events) {
            switch (event.type) {
              case 'PublicationRequested':
                expect(openByVersion.has(event.data.versionId), 'a second open request for one version').to.equal(false);
                openByVersion.set(event.data.versionId, event.data.requestId);
                break;
              case 'PublicationRequestRevoked':
              case 'PublicationAccepted':
              case 'PublicationRejected':
                expect(openByVersion.get(event.data.versionId)).to.equal(event.data.requestId);
                openByVersion.delete(event.data.versionId);
                break;
              case 'PagePublished':
                expect(state.versionIds).to.include(event.data.versionId);
                everPublished.add(event.data.versionId);
                break;
              case 'PageVersionStored':
              case 'PageLinksUpdated':
              case 'PageSettingsStored':
                expect(everPublished.has(event.data.versionId), 'a published version changed').to.equal(false);
                expect(event.data.versionId).to.equal(state.draftVersionId);
                expect(state.openRequest, 'a version under review changed').to.equal(null);
                break;
              case 'PageSlugChanged':
                if (state.publishedVersionId !== null) expect(action.k === 'save' && action.mayPublish, 'a live page moved without publish-page').to.equal(true);
                break;
              case 'PageTypeDataChanged':
              case 'PageAnchorChanged':
                expect.fail(`${event.type} changes the live page without publication`);
                break;
              default:
                break;
            }
            state = evolvePage(state, event);
            states.push(state);
          }
          if (statusOf(state) === 'published') {
            expect(state.publishedVersionId).to.be.a('string').and.equal(state.draftVersionId);
          }
          if (state.publishedVersionId !== null) expect(state.versionIds).to.include(state.publishedVersionId);
          if (state.openRequest) expect(state.openRequest.versionId).to.equal(state.draftVersionId);
          if (state.deleted) expect(state.openRequest).to.equal(null);
        });
      }),
      { numRuns: 500 },
    );
  });
});
