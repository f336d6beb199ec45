import { NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { MenuEvent } from '@pagelog/contracts/events/menu-events';
import type { MenuItem, MenuKind } from '@pagelog/contracts/menus/menu';
import { deciderSpec } from '../core/decider-spec';
import { menuDecider, type MenuCommand } from './decider';

const menu = deciderSpec(menuDecider);
const ref: { menuId: string; locale: string; kind: MenuKind } = { menuId: 'nl-nl-main', locale: 'nl-nl', kind: 'main' };
const footerRef: typeof ref = { menuId: 'nl-nl-footer', locale: 'nl-nl', kind: 'footer' };

const page = (id: string, pageID: string, children: MenuItem[] = []): MenuItem => ({ id, label: '', pageID, url: null, children });
const link = (id: string, url = 'https://www.kvk.nl'): MenuItem => ({ id, label: 'KvK', pageID: null, url, children: [] });
/** Pages that exist, by id, with their locale. */
const existing = new Map([
  ['home', 'nl-nl'],
  ['about', 'nl-nl'],
  ['team', 'nl-nl'],
  ['history', 'nl-nl'],
  ['english', 'en-gb'],
]);

const save = (items: MenuItem[], facts: Partial<{ pageLocales: ReadonlyMap<string, string>; localeOffered: boolean }> = {}, on = ref): MenuCommand => ({
  type: 'SaveMenuDraft',
  data: { ...on, items, localeOffered: true, pageLocales: existing, ...facts },
});
const saved = (version: number, items: MenuItem[], on = ref): MenuEvent => ({ type: 'MenuDraftSaved', data: { ...on, version, items } });
const published = (version: number): MenuEvent => ({ type: 'MenuPublished', data: { ...ref, version } });
const restored = (version: number, fromVersion: number, items: MenuItem[]): MenuEvent => ({ type: 'MenuRestored', data: { ...ref, version, fromVersion, items } });
const ofMenu = (code: string, property: string) => ({ code, property, model: 'menu' });

const first = [page('a', 'home'), page('b', 'about', [page('b1', 'team')])];
const second = [page('b', 'about'), link('c')];

describe('menu decider', () => {
  describe('when a draft is saved', () => {
    it('records the whole tree as the first draft version of a new menu', () => {
      menu.given().when(save(first)).then([saved(1, first)]);
    });

    it('numbers each new draft after every version the menu had', () => {
      menu.given(saved(1, first), saved(2, second), restored(3, 1, first)).when(save(second)).then([saved(4, second)]);
    });

    it('records nothing when the tree is the draft already', () => {
      menu.given(saved(1, first)).when(save(JSON.parse(JSON.stringify(first)) as MenuItem[])).thenNothing();
    });

    it('takes an empty menu', () => {
      menu.given(saved(1, first)).when(save([])).then([saved(2, [])]);
    });

    it('refuses a page that does not exist (MN_02) or is of another locale (MN_05), naming each item', () => {
      const items = [page('a', 'home'), page('b', 'about', [page('b1', 'nowhere'), page('b2', 'english')])];
      menu.given().when(save(items)).thenFails(ValidationError, [ofMenu('MN_02', 'items[1].children[0].pageID'), ofMenu('MN_05', 'items[1].children[1].pageID')]);
    });

    it('keeps a page the draft already named that was deleted since (a dead link), and refuses it newly added', () => {
      const deleted = new Map([...existing].filter(([id]) => id !== 'team'));
      const kept = [page('b', 'about', [page('b1', 'team')]), link('c')];
      menu.given(saved(1, first)).when(save(kept, { pageLocales: deleted })).then([saved(2, kept)]);
      menu.given(saved(1, second)).when(save(kept, { pageLocales: deleted })).thenFails(ValidationError, [ofMenu('MN_02', 'items[0].children[0].pageID')]);
    });

    it('lets the main menu nest three levels, and the footer menu only one (MN_03)', () => {
      const three = [page('a', 'home', [page('a1', 'about', [page('a2', 'team')])])];
      menu.given().when(save(three)).then([saved(1, three)]);
      const four = [page('a', 'home', [page('a1', 'about', [page('a2', 'team', [page('a3', 'history')])])])];
      menu.given().when(save(four)).thenFails(ValidationError, [ofMenu('MN_03', 'items[0].children[0].children[0].children')]);
      menu.given().when(save([page('a', 'home', [page('a1', 'about'), page('a2', 'team')])], {}, footerRef)).thenFails(ValidationError, [ofMenu('MN_03', 'items[0].children')]);
      menu.given().when(save([page('a', 'home'), link('b')], {}, footerRef)).then([saved(1, [page('a', 'home'), link('b')], footerRef)]);
    });

    it('refuses more items than the kind allows (MN_04), counting sub-items', () => {
      const many = (n: number) => Array.from({ length: n }, (_, i) => link(`l${i}`));
      menu.given().when(save(many(30), {}, footerRef)).thenTypes('MenuDraftSaved');
      menu.given().when(save(many(31), {}, footerRef)).thenFails(ValidationError, [ofMenu('MN_04', 'items')]);
      const wide = Array.from({ length: 10 }, (_, i) => page(`p${i}`, 'home', many(10).map((l) => ({ ...l, id: `${l.id}-${i}` }))));
      menu.given().when(save(wide)).thenFails(ValidationError, [ofMenu('MN_04', 'items')]);
    });

    it('refuses an item id used twice (V_12) and a locale the site does not offer (V_12)', () => {
      menu.given().when(save([page('a', 'home'), link('a')])).thenFails(ValidationError, [ofMenu('V_12', 'items[1].id')]);
      menu.given().when(save(first, { localeOffered: false })).thenFails(ValidationError, [ofMenu('V_12', 'locale')]);
    });
  });

  describe('when a menu is published', () => {
    it('publishes the draft version', () => {
      menu.given(saved(1, first), saved(2, second)).when({ type: 'PublishMenu', data: {} }).then([published(2)]);
    });

    it('records nothing when the draft is what the site shows', () => {
      menu.given(saved(1, first), published(1)).when({ type: 'PublishMenu', data: {} }).thenNothing();
    });

    it('asks for a saved draft first (MN_07)', () => {
      menu.given().when({ type: 'PublishMenu', data: {} }).thenFails(ValidationError, [ofMenu('MN_07', 'kind')]);
    });
  });

  describe('when a version is restored', () => {
    it('makes its tree the draft again, as a new version', () => {
      menu.given(saved(1, first), published(1), saved(2, second)).when({ type: 'RestoreMenu', data: { version: 1 } }).then([restored(3, 1, first)]);
    });

    it('restores a version that was itself restored', () => {
      menu.given(saved(1, first), saved(2, second), restored(3, 1, first), saved(4, [])).when({ type: 'RestoreMenu', data: { version: 3 } }).then([restored(5, 3, first)]);
    });

    it('records nothing when the draft holds that tree already', () => {
      menu.given(saved(1, first), saved(2, second)).when({ type: 'RestoreMenu', data: { version: 2 } }).thenNothing();
    });

    it('answers MN_06 for a version the menu never had', () => {
      menu.given(saved(1, first)).when({ type: 'RestoreMenu', data: { version: 7 } }).thenFails(NotFoundError, [ofMenu('MN_06', 'version')]);
      menu.given().when({ type: 'RestoreMenu', data: { version: 1 } }).thenFails(NotFoundError, [ofMenu('MN_06', 'version')]);
    });
  });
});
