import { expect } from 'chai';
import type { MenuItem } from '@pagelog/contracts/menus/menu';
import type { MenuDoc, MenuPageDoc, PublicMenuDoc } from '@pagelog/contracts/menus/menu-docs';
import { readModels } from '@pagelog/contracts/read-models';
import { ProjectionBench } from '../media/library-projection-test-kit';
import { menusProjection } from './projection';

const ref = { menuId: 'nl-nl-main', locale: 'nl-nl', kind: 'main' };
const item = (id: string, pageID: string, children: MenuItem[] = []): MenuItem => ({ id, label: '', pageID, url: null, children });
const link: MenuItem = { id: 'kvk', label: 'KvK', pageID: null, url: 'https://www.kvk.nl', children: [] };

describe('the menus projection', () => {
  let bench: ProjectionBench;
  const page = (id: string, type: string, data: Record<string, unknown> = {}) => bench.append(`page-${id}`, type, { pageId: id, ...data });
  const create = (id: string, slug: string, title: string) =>
    page(id, 'PageCreated', { translationGroupId: id, type: 'article', locale: 'nl-nl', title, slug, content: '', typeData: {}, versionId: `${id}-v1`, copiedFrom: null });
  const storeTitle = (id: string, title: string) => page(id, 'PageVersionStored', { versionId: `${id}-v1`, title, blocks: [], seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] });
  const publish = (id: string, slug: string) => page(id, 'PagePublished', { versionId: `${id}-v1`, slug, locale: 'nl-nl' });
  const menu = (type: string, data: Record<string, unknown>) => bench.append('menu-nl-nl-main', type, { ...ref, ...data });
  const publicMenu = () => bench.get<PublicMenuDoc>(readModels.publicMenus.collection, 'nl-nl-main');
  const editorMenu = () => bench.get<MenuDoc>(readModels.menus.collection, 'nl-nl-main');

  beforeEach(async () => {
    bench = new ProjectionBench([menusProjection]);
    await create('home', 'home', 'Home');
    await publish('home', 'home');
    await create('about', 'over-ons', 'Over ons');
    await publish('about', 'over-ons');
    await create('team', 'over-ons/team', 'Team');
    await menu('MenuDraftSaved', { version: 1, items: [item('a', 'home'), item('b', 'about', [item('b1', 'team')]), link] });
  });
  afterEach(async () => {
    await bench.close();
  });

  it('keeps the draft for the editor and shows the site nothing until the menu is published', async () => {
    expect(await editorMenu()).to.deep.include({ locale: 'nl-nl', kind: 'main', published: null, revision: 1 });
    expect((await editorMenu())!.draft).to.include({ version: 1, savedBy: 'u1' });
    expect(await publicMenu()).to.equal(null);
  });

  it('publishes the tree with the live pages it names, leaving out a page that is not published', async () => {
    await menu('MenuPublished', { version: 1 });
    const doc = (await publicMenu())!;
    expect(doc.items.map((i) => i.id)).to.deep.equal(['a', 'b', 'kvk']);
    expect(doc.pages).to.deep.equal({ home: { locale: 'nl-nl', slug: 'home', title: 'Home' }, about: { locale: 'nl-nl', slug: 'over-ons', title: 'Over ons' } });
    // A later draft changes the editor's view only.
    await menu('MenuDraftSaved', { version: 2, items: [link] });
    expect((await publicMenu())!.items.map((i) => i.id)).to.deep.equal(['a', 'b', 'kvk']);
    expect((await editorMenu())!.published).to.deep.include({ version: 1 });
  });

  it('follows a page that moves, is renamed and republished, unpublished, published again and deleted, without a menu event', async () => {
    await menu('MenuPublished', { version: 1 });
    await page('about', 'PageSlugChanged', { locale: 'nl-nl', slug: 'wie-wij-zijn', previousSlug: 'over-ons', updateLinks: false });
    expect((await publicMenu())!.pages.about).to.deep.equal({ locale: 'nl-nl', slug: 'wie-wij-zijn', title: 'Over ons' });

    // A new title reaches the site with the page's next publication, not before.
    await storeTitle('about', 'Wie wij zijn');
    expect((await publicMenu())!.pages.about!.title).to.equal('Over ons');
    await publish('about', 'wie-wij-zijn');
    expect((await publicMenu())!.pages.about!.title).to.equal('Wie wij zijn');

    await page('about', 'PageUnpublished', { versionId: 'about-v1', slug: 'wie-wij-zijn', locale: 'nl-nl' });
    expect((await publicMenu())!.pages).to.have.keys(['home']);
    await publish('team', 'over-ons/team');
    expect((await publicMenu())!.pages).to.have.keys(['home', 'team']);
    await publish('about', 'wie-wij-zijn');
    expect((await publicMenu())!.pages).to.have.keys(['home', 'about', 'team']);

    await page('home', 'PageDeleted', { locale: 'nl-nl', slug: 'home', translationGroupId: 'home' });
    expect((await publicMenu())!.pages).to.have.keys(['about', 'team']);
    expect(await bench.get<MenuPageDoc>(readModels.menuPages.collection, 'home')).to.include({ deleted: true, publishedTitle: null });
  });

  it('brings a restored tree back as the draft', async () => {
    await menu('MenuDraftSaved', { version: 2, items: [link] });
    await menu('MenuRestored', { version: 3, fromVersion: 1, items: [item('a', 'home')] });
    expect((await editorMenu())!.draft).to.deep.include({ version: 3, items: [item('a', 'home')] });
  });

  it('is idempotent and rebuilds to the same documents', async () => {
    await menu('MenuPublished', { version: 1 });
    await page('about', 'PageSlugChanged', { locale: 'nl-nl', slug: 'wie-wij-zijn', previousSlug: 'over-ons', updateLinks: false });
    await page('home', 'PageUnpublished', { versionId: 'home-v1', slug: 'home', locale: 'nl-nl' });
    const before = await bench.snapshot();

    await bench.redeliver(bench.recorded);
    expect(await bench.snapshot()).to.deep.equal(before);

    const collections = menusProjection.collections.map((c) => c.name);
    await bench.log.readModels.reset(menusProjection.name, collections);
    await bench.projector.catchUp();
    expect(await bench.snapshot()).to.deep.equal(before);
  });
});
