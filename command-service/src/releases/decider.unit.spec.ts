import { expect } from 'chai';
import { ForbiddenError, NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { MenuEvent } from '@pagelog/contracts/events/menu-events';
import type { MenuItem } from '@pagelog/contracts/menus/menu';
import { menuDecider } from '../menus/decider';
import type { PageEvent, PageStreamEvent } from '@pagelog/contracts/events/page-events';
import type { ReleaseEvent } from '@pagelog/contracts/events/release-events';
import { MAX_RELEASE_PAGES } from '@pagelog/contracts/releases/release';
import { assertFails, deciderSpec } from '../core/decider-spec';
import { content, created, deleted, draftStarted, published, requested, stored } from '../pages/page-fixtures';
import { foldPage } from '../pages/page-state';
import { publishRelease, releaseDecider, rollbackRelease, versionContentOf, type MenuFacts, type PageFacts, type ReleaseState } from './decider';

const release = deciderSpec(releaseDecider);
const rita = { actorId: 'rita', isReviewer: true };
const now = '2026-12-03T09:00:00.000Z';

const releaseCreated: ReleaseEvent = { type: 'ReleaseCreated', data: { releaseId: 'r1', name: 'Voorjaar', description: '' } };
const added = (pageId = 'p1', versionId = 'v1', title = 'Over ons', pageRevision = 99): ReleaseEvent => ({ type: 'ReleasePageAdded', data: { releaseId: 'r1', pageId, versionId, title, locale: 'nl-nl', slug: 'over-ons', pageRevision } });

/** A page (p1 unless `id` says otherwise) as the release commands load it. */
function facts(events: readonly PageStreamEvent[], id = 'p1'): PageFacts {
  const history = events.map((e) => (e.type === 'ClaimFenced' ? e : ({ ...e, data: { ...e.data, pageId: id } } as PageEvent)));
  return { state: foldPage(history), revision: history.length, history };
}
const pagesOf = (...entries: [string, PageFacts][]) => new Map(entries);
const stateOf = (...events: ReleaseEvent[]): ReleaseState => release.given(...events).state;

describe('release decider', () => {
  describe('when a release is made and put together', () => {
    it('creates it once (a retry with the same id records nothing)', () => {
      release.given().when({ type: 'CreateRelease', data: { releaseId: 'r1', name: 'Voorjaar', description: '' } }).then([releaseCreated]);
      release.given(releaseCreated).when({ type: 'CreateRelease', data: { releaseId: 'r1', name: 'Voorjaar', description: '' } }).thenNothing();
    });

    it("adds a page's draft with its title and address, and follows a new draft when added again", () => {
      const page = facts([created(), stored('v1', content({ title: 'Over ons, nieuw' }))]).state;
      release.given(releaseCreated).when({ type: 'AddReleasePage', data: { page, revision: 99 } }).then([added('p1', 'v1', 'Over ons, nieuw')]);
      release.given(releaseCreated, added('p1', 'v1', 'Over ons, nieuw')).when({ type: 'AddReleasePage', data: { page, revision: 99 } }).thenNothing();
      const moved = facts([created(), published('v1'), draftStarted('v2', 'v1')]).state;
      release.given(releaseCreated, added()).when({ type: 'AddReleasePage', data: { page: moved, revision: 99 } }).then([added('p1', 'v2')]);
      expect(release.given(releaseCreated, added(), added('p1', 'v2')).state.items).to.deep.equal([{ pageId: 'p1', versionId: 'v2', title: 'Over ons', locale: 'nl-nl', slug: 'over-ons', pageRevision: 99 }]);
    });

    it('refuses a page whose draft is live already, a deleted page, and more than the most pages a release holds', () => {
      release.given(releaseCreated).when({ type: 'AddReleasePage', data: { page: facts([created(), published('v1')]).state, revision: 2 } }).thenFails(ValidationError, [{ code: 'V_07', property: 'pageID', model: 'release' }]);
      release.given(releaseCreated).when({ type: 'AddReleasePage', data: { page: facts([created(), deleted()]).state, revision: 2 } }).thenFails(NotFoundError, [{ code: 'PM_01', property: 'pageID', model: 'release' }]);
      const full = Array.from({ length: MAX_RELEASE_PAGES }, (_, i) => added(`p${i + 10}`));
      release.given(releaseCreated, ...full).when({ type: 'AddReleasePage', data: { page: facts([created()]).state, revision: 1 } }).thenFails(ValidationError, [{ code: 'V_14', property: 'items', model: 'release' }]);
    });

    it('schedules it only for a later moment and with pages in it; cancelling needs a schedule', () => {
      release.given(releaseCreated, added()).when({ type: 'ScheduleRelease', data: { at: '2026-12-04T09:00:00+01:00', now, actorId: 'rita' } }).then([
        { type: 'ReleaseScheduled', data: { releaseId: 'r1', at: '2026-12-04T08:00:00.000Z', scheduledBy: 'rita' } },
      ]);
      release.given(releaseCreated, added()).when({ type: 'ScheduleRelease', data: { at: now, now, actorId: 'rita' } }).thenFails(ValidationError, [{ code: 'V_12', property: 'at', model: 'release' }]);
      release.given(releaseCreated).when({ type: 'ScheduleRelease', data: { at: '2026-12-04T09:00:00Z', now, actorId: 'rita' } }).thenFails(ValidationError, [{ code: 'V_07', property: 'items', model: 'release' }]);
      release.given(releaseCreated).when({ type: 'CancelReleaseSchedule' }).thenFails(ValidationError, [{ code: 'V_07', property: 'schedule', model: 'release' }]);
    });

    it('changes nothing once published: no pages added or removed, no schedule, not deleted', () => {
      const publishedRelease: ReleaseEvent = { type: 'ReleasePublished', data: { releaseId: 'r1', name: 'Voorjaar', items: [], scheduled: false } };
      const given = release.given(releaseCreated, added(), publishedRelease);
      for (const command of [{ type: 'RemoveReleasePage', data: { pageId: 'p1' } }, { type: 'DeleteRelease' }, { type: 'UpdateRelease', data: { name: 'x', description: '' } }] as const) {
        given.when(command).thenFails(ValidationError, [{ code: 'V_07', property: 'status', model: 'release' }]);
      }
    });
  });

  describe('when a release is published', () => {
    it("publishes every page's draft, each marked with the release, then records what went live and what it replaced", () => {
      const state = stateOf(releaseCreated, added('p1', 'v2'), added('p2', 'w1'));
      const one = facts([created(), published('v1'), draftStarted('v2', 'v1'), stored('v2', content({ title: 'Over ons, nieuw' }))]);
      const two = facts([created({ versionId: 'w1', slug: 'koers' })], 'p2');
      const decision = publishRelease(state, pagesOf(['p1', one], ['p2', two]), { actor: rita, now });
      expect(decision.pages.map((p) => [p.pageId, p.revision, p.events])).to.deep.equal([
        ['p1', 4, [{ type: 'PagePublished', data: { pageId: 'p1', versionId: 'v2', slug: 'over-ons', locale: 'nl-nl', releaseId: 'r1' } }]],
        ['p2', 1, [{ type: 'PagePublished', data: { pageId: 'p2', versionId: 'w1', slug: 'koers', locale: 'nl-nl', releaseId: 'r1' } }]],
      ]);
      expect(decision.release).to.deep.equal([{
        type: 'ReleasePublished',
        data: {
          releaseId: 'r1',
          name: 'Voorjaar',
          scheduled: false,
          items: [
            { pageId: 'p1', versionId: 'v2', previousVersionId: 'v1', title: 'Over ons, nieuw', locale: 'nl-nl', slug: 'over-ons' },
            { pageId: 'p2', versionId: 'w1', previousVersionId: null, title: 'Over ons', locale: 'nl-nl', slug: 'koers' },
          ],
        },
      }]);
    });

    it('counts an open request on a draft as accepted, as a publication by hand does', () => {
      const state = stateOf(releaseCreated, added());
      const decision = publishRelease(state, pagesOf(['p1', facts([created(), requested()])]), { actor: rita, now });
      expect(decision.pages[0]!.events.map((e) => e.type)).to.deep.equal(['PagePublished', 'PublicationAccepted']);
    });

    it('refuses whole, naming every item that is not ready: live already, moved on to another draft, deleted, or unknown', () => {
      const state = stateOf(releaseCreated, added('p1'), added('p2', 'v1'), added('p3', 'v1'), added('p4', 'v1'), added('p5', 'v1'));
      const pages = pagesOf(
        ['p1', facts([created()])],
        ['p2', facts([created(), published('v1')], 'p2')],
        ['p3', facts([created(), published('v1'), draftStarted('v2', 'v1')], 'p3')],
        ['p4', facts([created(), deleted()], 'p4')],
      );
      assertFails(() => publishRelease(state, pages, { actor: rita, now }), ValidationError, [2, 3, 4, 5].map((n) => ({ code: 'V_07', property: `items[${n - 1}].pageID`, model: 'release' })));
    });

    it('refuses an item whose draft was edited after it was added, until it is added again', () => {
      const page = facts([created(), stored('v1', content({ title: 'Gezien' })), stored('v1', content({ title: 'Later gewijzigd' }))]);
      const state = stateOf(releaseCreated, added('p1', 'v1', 'Gezien', 2));
      assertFails(() => publishRelease(state, pagesOf(['p1', page]), { actor: rita, now }), ValidationError, [{ code: 'V_07', property: 'items[0].pageID', model: 'release' }]);
      const again = stateOf(releaseCreated, added('p1', 'v1', 'Gezien', 2), added('p1', 'v1', 'Later gewijzigd', 3));
      expect(publishRelease(again, pagesOf(['p1', page]), { actor: rita, now }).release).to.have.length(1);
    });

    it('refuses an empty release', () => {
      assertFails(() => publishRelease(stateOf(releaseCreated), pagesOf(), { actor: rita, now }), ValidationError, [{ code: 'V_07', property: 'items', model: 'release' }]);
    });

    it('is published by the scheduler only when the schedule it was due for still stands and has come', () => {
      const scheduled: ReleaseEvent = { type: 'ReleaseScheduled', data: { releaseId: 'r1', at: '2026-12-04T09:00:00.000Z', scheduledBy: 'rita' } };
      const pages = pagesOf(['p1', facts([created()])]);
      const state = stateOf(releaseCreated, added(), scheduled);
      expect(publishRelease(state, pages, { actor: rita, now, scheduledAt: scheduled.data.at }).release).to.deep.equal([]);
      const due = publishRelease(state, pages, { actor: rita, now: '2026-12-04T09:00:01.000Z', scheduledAt: scheduled.data.at });
      expect(due.release[0]).to.deep.include({ type: 'ReleasePublished' });
      expect((due.release[0]!.data as { scheduled: boolean }).scheduled).to.equal(true);
      const cancelled = stateOf(releaseCreated, added(), scheduled, { type: 'ReleaseScheduleCancelled', data: { releaseId: 'r1', at: scheduled.data.at } });
      expect(publishRelease(cancelled, pages, { actor: rita, now: '2026-12-05T00:00:00.000Z', scheduledAt: scheduled.data.at }).release).to.deep.equal([]);
    });
  });

  describe('when a release is rolled back', () => {
    const releasedItems = [
      { pageId: 'p1', versionId: 'v2', previousVersionId: 'v1', title: 'Over ons, nieuw', locale: 'nl-nl', slug: 'over-ons' },
      { pageId: 'p2', versionId: 'w1', previousVersionId: null, title: 'Koers', locale: 'nl-nl', slug: 'koers' },
    ];
    const state = stateOf(releaseCreated, added('p1', 'v2'), added('p2', 'w1'), { type: 'ReleasePublished', data: { releaseId: 'r1', name: 'Voorjaar', items: releasedItems, scheduled: false } });
    const oldContent = content({ title: 'Over ons, zoals het was' });
    const onePage = () => facts([created(), stored('v1', oldContent), published('v1'), draftStarted('v2', 'v1'), stored('v2', content({ title: 'Over ons, nieuw' })), { type: 'PagePublished', data: { pageId: 'p1', versionId: 'v2', slug: 'over-ons', locale: 'nl-nl', releaseId: 'r1' } }]);
    const twoPage = () => facts([created({ versionId: 'w1', slug: 'koers' }), { type: 'PagePublished', data: { pageId: 'p2', versionId: 'w1', slug: 'koers', locale: 'nl-nl', releaseId: 'r1' } }], 'p2');

    it('puts the earlier content back as a new version, published, and takes a page that was new off the site', () => {
      const decision = rollbackRelease(state, pagesOf(['p1', onePage()], ['p2', twoPage()]), { newVersionId: () => 'v3' });
      expect(decision.pages[0]!.events).to.deep.equal([
        { type: 'PageDraftStarted', data: { pageId: 'p1', versionId: 'v3', basedOnVersionId: 'v1' } },
        { type: 'PageVersionStored', data: { pageId: 'p1', versionId: 'v3', ...oldContent } },
        { type: 'PagePublished', data: { pageId: 'p1', versionId: 'v3', slug: 'over-ons', locale: 'nl-nl', releaseId: 'r1' } },
      ]);
      expect(decision.pages[1]!.events).to.deep.equal([{ type: 'PageUnpublished', data: { pageId: 'p2', versionId: 'w1', slug: 'koers', locale: 'nl-nl', releaseId: 'r1' } }]);
      expect(decision.release).to.deep.equal([{
        type: 'ReleaseRolledBack',
        data: {
          releaseId: 'r1',
          name: 'Voorjaar',
          items: [
            { pageId: 'p1', releasedVersionId: 'v2', restoredVersionId: 'v3', title: 'Over ons, nieuw', locale: 'nl-nl', slug: 'over-ons' },
            { pageId: 'p2', releasedVersionId: 'w1', restoredVersionId: null, title: 'Koers', locale: 'nl-nl', slug: 'koers' },
          ],
        },
      }]);
    });

    it('refuses whole when a page no longer shows what the release put there, or has a request open', () => {
      const republished = facts([...onePage().history, draftStarted('v4', 'v2'), published('v4')]);
      assertFails(() => rollbackRelease(state, pagesOf(['p1', republished], ['p2', twoPage()]), { newVersionId: () => 'v9' }), ValidationError, [{ code: 'V_07', property: 'items[0].pageID', model: 'release' }]);
      const asked = facts([...twoPage().history, requested()], 'p2');
      assertFails(() => rollbackRelease(state, pagesOf(['p1', onePage()], ['p2', asked]), { newVersionId: () => 'v9' }), ValidationError, [{ code: 'V_07', property: 'items[1].pageID', model: 'release' }]);
    });

    it('refuses a release that was not published', () => {
      assertFails(() => rollbackRelease(stateOf(releaseCreated, added()), pagesOf(), { newVersionId: () => 'v9' }), ValidationError, [{ code: 'V_07', property: 'status', model: 'release' }]);
    });
  });

  describe("a version's content", () => {
    it('is what was last stored into it, before a later draft began', () => {
      const history = [created(), stored('v1', content({ title: 'Eerste' })), stored('v1', content({ title: 'Tweede' })), published('v1'), draftStarted('v2', 'v1'), stored('v2', content({ title: 'Derde' }))];
      expect(versionContentOf(history, 'v1')!.draft.title).to.equal('Tweede');
      expect(versionContentOf(history, 'v2')!.draft.title).to.equal('Derde');
      expect(versionContentOf(history, 'v9')).to.equal(null);
    });
  });

  describe('menu changes', () => {
    const tree = (label: string): MenuItem[] => [{ id: 'a', label, pageID: null, url: 'https://example.org/', children: [] }];
    const menuRef = { menuId: 'nl-nl-main', locale: 'nl-nl', kind: 'main' as const };
    const saved = (version: number, label = `v${version}`): MenuEvent => ({ type: 'MenuDraftSaved', data: { ...menuRef, version, items: tree(label) } });
    const menuPublished = (version: number): MenuEvent => ({ type: 'MenuPublished', data: { ...menuRef, version } });
    const menu = (...events: MenuEvent[]): MenuFacts => ({ state: events.reduce(menuDecider.evolve, menuDecider.initialState), revision: events.length });
    const menuAdded = (version: number): ReleaseEvent => ({ type: 'ReleaseMenuAdded', data: { releaseId: 'r1', ...menuRef, version } });
    const menusOf = (facts: MenuFacts) => new Map([['nl-nl-main', facts]]);

    it("adds a menu's draft version, follows a newer draft when added again, and refuses a menu with nothing new or never saved", () => {
      release.given(releaseCreated).when({ type: 'AddReleaseMenu', data: { menu: menu(saved(1), menuPublished(1), saved(2)).state } }).then([menuAdded(2)]);
      release.given(releaseCreated, menuAdded(2)).when({ type: 'AddReleaseMenu', data: { menu: menu(saved(1), menuPublished(1), saved(2)).state } }).thenNothing();
      release.given(releaseCreated, menuAdded(2)).when({ type: 'AddReleaseMenu', data: { menu: menu(saved(1), menuPublished(1), saved(2), saved(3)).state } }).then([menuAdded(3)]);
      expect(stateOf(releaseCreated, menuAdded(2), menuAdded(3)).menus).to.deep.equal([{ ...menuRef, version: 3 }]);
      release.given(releaseCreated).when({ type: 'AddReleaseMenu', data: { menu: menu(saved(1), menuPublished(1)).state } }).thenFails(ValidationError, [{ code: 'V_07', property: 'kind', model: 'release' }]);
      release.given(releaseCreated).when({ type: 'AddReleaseMenu', data: { menu: menu().state } }).thenFails(ValidationError, [{ code: 'MN_07', property: 'kind', model: 'release' }]);
      release.given(releaseCreated, menuAdded(2)).when({ type: 'RemoveReleaseMenu', data: { menuId: 'nl-nl-main' } }).then([{ type: 'ReleaseMenuRemoved', data: { releaseId: 'r1', menuId: 'nl-nl-main' } }]);
      release.given(releaseCreated).when({ type: 'RemoveReleaseMenu', data: { menuId: 'nl-nl-main' } }).thenFails(NotFoundError, [{ code: 'PM_01', property: 'kind', model: 'release' }]);
    });

    it('publishes the menu with the pages, marked with the release, and records the version it replaced', () => {
      const state = stateOf(releaseCreated, added('p1', 'v1'), menuAdded(2));
      const decision = publishRelease(state, pagesOf(['p1', facts([created()])]), { actor: rita, now }, menusOf(menu(saved(1), menuPublished(1), saved(2))));
      expect(decision.menus).to.deep.equal([{ menuId: 'nl-nl-main', revision: 3, events: [{ type: 'MenuPublished', data: { ...menuRef, version: 2, releaseId: 'r1' } }] }]);
      expect(decision.release[0]).to.deep.include({ type: 'ReleasePublished' });
      expect((decision.release[0]!.data as { menus: unknown }).menus).to.deep.equal([{ ...menuRef, version: 2, previousVersion: 1 }]);
      // A release of menus alone is a release too.
      const menusOnly = publishRelease(stateOf(releaseCreated, menuAdded(1)), pagesOf(), { actor: rita, now }, menusOf(menu(saved(1))));
      expect((menusOnly.release[0]!.data as { menus: unknown }).menus).to.deep.equal([{ ...menuRef, version: 1, previousVersion: null }]);
    });

    it('refuses whole when the menu moved on to another draft or is live already, and without the right to change menus', () => {
      const state = stateOf(releaseCreated, added('p1', 'v1'), menuAdded(2));
      const pages = pagesOf(['p1', facts([created()])]);
      assertFails(() => publishRelease(state, pages, { actor: rita, now }, menusOf(menu(saved(1), saved(2), saved(3)))), ValidationError, [{ code: 'V_07', property: 'menus[0].kind', model: 'release' }]);
      assertFails(() => publishRelease(state, pages, { actor: rita, now }, menusOf(menu(saved(1), saved(2), menuPublished(2)))), ValidationError, [{ code: 'V_07', property: 'menus[0].kind', model: 'release' }]);
      assertFails(() => publishRelease(state, pages, { actor: rita, now, mayPublishMenus: false }, menusOf(menu(saved(1), saved(2)))), ForbiddenError, [{ code: 'UM_01', property: '', model: '' }]);
      release.given(releaseCreated, menuAdded(2)).when({ type: 'ScheduleRelease', data: { at: '2026-12-04T09:00:00Z', now, actorId: 'rita', mayPublishMenus: false } }).thenFails(ForbiddenError, [{ code: 'UM_01', property: '', model: '' }]);
    });

    it('rolls a menu back to the tree the site showed before, as a new version published, or to an empty menu when it showed none', () => {
      const releasedWithPrevious: ReleaseEvent = { type: 'ReleasePublished', data: { releaseId: 'r1', name: 'Voorjaar', items: [], menus: [{ ...menuRef, version: 2, previousVersion: 1 }], scheduled: false } };
      const now3 = menu(saved(1, 'oud'), menuPublished(1), saved(2, 'nieuw'), menuPublished(2));
      const back = rollbackRelease(stateOf(releaseCreated, menuAdded(2), releasedWithPrevious), pagesOf(), { newVersionId: () => 'x' }, menusOf(now3));
      expect(back.menus).to.deep.equal([{
        menuId: 'nl-nl-main',
        revision: 4,
        events: [
          { type: 'MenuRestored', data: { ...menuRef, version: 3, fromVersion: 1, items: tree('oud') } },
          { type: 'MenuPublished', data: { ...menuRef, version: 3, releaseId: 'r1' } },
        ],
      }]);
      expect((back.release[0]!.data as { menus: unknown }).menus).to.deep.equal([{ ...menuRef, releasedVersion: 2, restoredVersion: 3, previousVersion: 1 }]);

      const releasedFirst: ReleaseEvent = { type: 'ReleasePublished', data: { releaseId: 'r1', name: 'Voorjaar', items: [], menus: [{ ...menuRef, version: 1, previousVersion: null }], scheduled: false } };
      const emptied = rollbackRelease(stateOf(releaseCreated, menuAdded(1), releasedFirst), pagesOf(), { newVersionId: () => 'x' }, menusOf(menu(saved(1), menuPublished(1))));
      expect(emptied.menus[0]!.events).to.deep.equal([
        { type: 'MenuDraftSaved', data: { ...menuRef, version: 2, items: [] } },
        { type: 'MenuPublished', data: { ...menuRef, version: 2, releaseId: 'r1' } },
      ]);

      // Published again since (by hand): not this release's to take back.
      const republished = menu(saved(1, 'oud'), menuPublished(1), saved(2, 'nieuw'), menuPublished(2), saved(3), menuPublished(3));
      assertFails(() => rollbackRelease(stateOf(releaseCreated, menuAdded(2), releasedWithPrevious), pagesOf(), { newVersionId: () => 'x' }, menusOf(republished)), ValidationError, [{ code: 'V_07', property: 'menus[0].kind', model: 'release' }]);
    });
  });
});
