import { expect } from 'chai';
import { ValidationError } from '../domain-errors';
import { parseInput } from '../input';
import { countMenuItems, isMenuUrl, menuPageIds, resolveMenu, sameMenu, type MenuItem } from './menu';
import { saveMenuDraftSchema } from './schemas';

const page = (id: string, pageID: string, children: MenuItem[] = [], label = ''): MenuItem => ({ id, label, pageID, url: null, children });
const link = (id: string, url: string, label = 'Extern'): MenuItem => ({ id, label, pageID: null, url, children: [] });

/** The items a save-draft body with these items is refused for, as code and property. */
function refusal(items: unknown): { code: string; property: string }[] {
  try {
    parseInput(saveMenuDraftSchema, { locale: 'nl-nl', kind: 'main', revision: 0, items }, 'menu');
  } catch (error) {
    expect(error).to.be.instanceOf(ValidationError);
    return (error as ValidationError).items.map(({ code, property }) => ({ code, property }));
  }
  return [];
}

describe('menu addresses', () => {
  it('takes http(s), mailto and tel addresses', () => {
    for (const url of ['https://www.kvk.nl/zoeken?q=1#top', 'http://example.com', 'mailto:info@voorbeeld.nl', 'tel:+31 20 123 4567']) expect(isMenuUrl(url), url).to.equal(true);
  });

  it('refuses paths on the site (pages are linked by id), scripts, protocol-relative and malformed addresses', () => {
    for (const url of ['/over-ons', '#team', 'javascript:alert(1)', 'data:text/html,x', '//evil.test', 'https://', 'mailto:nobody', 'tel:ab', ' https://x.nl', 'ftp://x.nl']) {
      expect(isMenuUrl(url), url).to.equal(false);
    }
  });
});

describe('a menu resolved for the public site', () => {
  const pages: Record<string, { path: string; title: string }> = { home: { path: '/', title: 'Home' }, team: { path: '/over-ons/team', title: 'Ons team' } };
  const resolve = (items: MenuItem[]) => resolveMenu(items, (id) => pages[id] ?? null);

  it('links live pages by their path, with their title unless the item has a label', () => {
    expect(resolve([page('a', 'home', [], 'Start'), page('b', 'team')])).to.deep.equal([
      { id: 'a', label: 'Start', href: '/', external: false, pageID: 'home', children: [] },
      { id: 'b', label: 'Ons team', href: '/over-ons/team', external: false, pageID: 'team', children: [] },
    ]);
  });

  it('drops an item whose page is not live, with its sub-items, and keeps external links', () => {
    const links = resolve([page('a', 'gone', [page('a1', 'team')]), link('b', 'https://kvk.nl', 'KvK')]);
    expect(links).to.deep.equal([{ id: 'b', label: 'KvK', href: 'https://kvk.nl', external: true, pageID: null, children: [] }]);
  });

  it('keeps the live sub-items of a live item and drops the others', () => {
    const [home] = resolve([page('a', 'home', [page('a1', 'gone'), page('a2', 'team')])]);
    expect(home!.children.map((c) => c.id)).to.deep.equal(['a2']);
  });
});

describe('menu trees', () => {
  const tree = [page('a', 'home', [page('a1', 'team'), link('a2', 'https://x.nl')]), page('b', 'team')];

  it('counts every item at every depth and names each page once', () => {
    expect(countMenuItems(tree)).to.equal(4);
    expect(menuPageIds(tree)).to.deep.equal(['home', 'team']);
  });

  it('tells a change of order, nesting or label from the same tree', () => {
    expect(sameMenu(tree, JSON.parse(JSON.stringify(tree)) as MenuItem[])).to.equal(true);
    expect(sameMenu(tree, [tree[1]!, tree[0]!])).to.equal(false);
    expect(sameMenu(tree, [{ ...tree[0]!, children: [] }, tree[1]!, ...tree[0]!.children])).to.equal(false);
    expect(sameMenu(tree, [{ ...tree[0]!, label: 'Thuis' }, tree[1]!])).to.equal(false);
  });
});

describe('the save-draft body', () => {
  it('takes a tree of pages and links, trimmed, with empty targets read as none', () => {
    const input = parseInput(saveMenuDraftSchema, { locale: 'nl-nl', kind: 'main', revision: 3, items: [{ id: 'a', label: ' Home ', pageID: 'p1', url: '', children: [{ id: 'b', label: 'KvK', pageID: null, url: 'https://kvk.nl', children: [] }] }] }, 'menu');
    expect(input.items).to.deep.equal([{ id: 'a', label: 'Home', pageID: 'p1', url: null, children: [{ id: 'b', label: 'KvK', pageID: null, url: 'https://kvk.nl', children: [] }] }]);
  });

  it('refuses an item with neither or both targets (MN_01), a link without a label (V_01) and a bad address (V_13)', () => {
    expect(refusal([{ id: 'a', label: 'X' }])).to.deep.equal([{ code: 'MN_01', property: 'items[0]' }]);
    expect(refusal([{ id: 'a', pageID: 'p', url: 'https://x.nl', label: 'X' }])).to.deep.equal([{ code: 'MN_01', property: 'items[0]' }]);
    expect(refusal([{ id: 'a', url: 'https://x.nl' }])).to.deep.equal([{ code: 'V_01', property: 'items[0].label' }]);
    expect(refusal([{ id: 'a', label: 'X', url: 'javascript:alert(1)' }])).to.deep.equal([{ code: 'V_13', property: 'items[0].url' }]);
  });

  it('refuses unknown properties at any depth, and sub-items below the deepest level any menu has (MN_03)', () => {
    expect(refusal([{ id: 'a', pageID: 'p', children: [{ id: 'b', pageID: 'p', colour: 'red' }] }])).to.deep.equal([{ code: 'V_12', property: 'items[0].children[0].colour' }]);
    const level = (depth: number): unknown => ({ id: `d${depth}`, pageID: 'p', children: depth < 4 ? [level(depth + 1)] : [] });
    expect(refusal([level(1)])).to.deep.equal([{ code: 'MN_03', property: 'items[0].children[0].children[0].children' }]);
  });

  it('refuses a bad item id and a missing revision', () => {
    expect(refusal([{ id: 'a b', pageID: 'p' }])).to.deep.equal([{ code: 'V_12', property: 'items[0].id' }]);
    expect(() => parseInput(saveMenuDraftSchema, { locale: 'nl-nl', kind: 'main', items: [] }, 'menu')).to.throw(ValidationError).with.property('items').that.deep.equals([
      { code: 'V_01', property: 'revision', model: 'menu', message: 'The Revision field is required.' },
    ]);
  });
});
