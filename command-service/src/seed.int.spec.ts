import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { slugStream } from '@pagelog/contracts/events/slug-events';
import { pageStream } from '@pagelog/contracts/events/page-events';
import type { Settings } from '@pagelog/contracts/locales';
import { openDatabase, type SqliteDatabase } from '@pagelog/storage/sqlite/open-database';
import { SqliteEventStore } from '@pagelog/storage/event-store/sqlite-event-store';
import { commandDeps } from './command-app';
import { commandContext } from './core/command-context';
import { createPage } from './pages/authoring/commands';
import { EXAMPLE_SITE_NAME, exampleSocial } from './example-chrome';
import { exampleContact, examplePages } from './example-pages';
import { menuStream } from '@pagelog/contracts/events/menu-events';
import { tagStream } from '@pagelog/contracts/events/tag-events';
import { menuIdOf, type MenuItem } from '@pagelog/contracts/menus/menu';
import { loadSettings } from './settings/read-settings';
import { seed } from './seed';

const settings: Settings = { availableLocales: ['nl-nl', 'en-gb'], defaultLocale: 'nl-nl', customSlugLocales: [] };

describe('seeding an empty store', () => {
  let dir: string;
  let db: SqliteDatabase;
  let store: SqliteEventStore;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pagelog-seed-'));
    db = openDatabase(join(dir, 'p.db'));
    store = new SqliteEventStore(db);
  });
  afterEach(async () => {
    await store.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function publishedSlugs(): Promise<string[]> {
    const slugs: string[] = [];
    for (const page of examplePages) {
      const [claim] = await store.readStream(slugStream(page.locale, page.slug));
      if (!claim) continue;
      const history = await store.readStream(pageStream((claim.data as { pageId: string }).pageId));
      if (history.some((e) => e.type === 'PagePublished')) slugs.push(`${page.locale}/${page.slug}`);
    }
    return slugs.sort();
  }

  const all = examplePages.map((p) => `${p.locale}/${p.slug}`).sort();

  it('publishes the example site once, and does nothing on the next start', async () => {
    const first = await seed(commandDeps(store), settings, true);
    expect(first).to.include({ settingsInitialized: true, pagesCreated: examplePages.length });
    expect(await publishedSlugs()).to.deep.equal(all);
    const head = await store.headPosition();
    const again = await seed(commandDeps(store), settings, true);
    expect(again).to.include({ settingsInitialized: false, pagesCreated: 0 });
    expect(await store.headPosition()).to.equal(head);
  });

  it('publishes the main, footer and service menus of each locale, and gives the organisation its name, contact details and social links', async () => {
    const result = await seed(commandDeps(store), settings, true);
    const idOf = (key: string, locale: string) => result.examplePages.find((p) => p.key === key && p.locale === locale)!.pageID;
    for (const locale of settings.availableLocales) {
      const published = async (kind: 'main' | 'footer' | 'service') => {
        const events = await store.readStream(menuStream(menuIdOf(locale, kind)));
        expect(events.map((e) => e.type), `${locale} ${kind}`).to.deep.equal(['MenuDraftSaved', 'MenuPublished']);
        return (events[0]!.data as { items: MenuItem[] }).items;
      };
      const main = await published('main');
      expect(main.map((i) => i.pageID)).to.deep.equal(['about', 'expertise', 'publications', 'contact'].map((k) => idOf(k, locale)));
      expect(main[1]!.children.map((i) => i.pageID)).to.deep.equal([idOf('energy', locale), idOf('care', locale)]);
      expect((await published('footer')).map((i) => i.pageID)).to.deep.equal(['about', 'publications', 'contact'].map((k) => idOf(k, locale)));
      expect((await published('service')).map((i) => i.pageID)).to.deep.equal([idOf('privacy', locale)]);
    }
    const { state } = await loadSettings(store);
    expect(state.site).to.deep.include({ siteName: EXAMPLE_SITE_NAME, contact: exampleContact, social: exampleSocial });
  });

  it('keeps a site name given in the configuration', async () => {
    await seed(commandDeps(store), { ...settings, siteName: 'Bureau Eigen Naam' }, true);
    expect((await loadSettings(store)).state.site.siteName).to.equal('Bureau Eigen Naam');
  });

  it('groups each page with its translation, and gives the articles their author, date and summary', async () => {
    const result = await seed(commandDeps(store), settings, true);
    const created = new Map<string, { translationGroupId: string; typeData: Record<string, unknown> }>();
    for (const { key, locale, pageID } of result.examplePages) {
      const [event] = await store.readStream(pageStream(pageID), { limit: 1 });
      created.set(`${key}/${locale}`, event!.data as { translationGroupId: string; typeData: Record<string, unknown> });
    }

    expect(result.examplePages).to.have.length(examplePages.length);
    for (const key of new Set(examplePages.map((page) => page.key))) {
      expect(created.get(`${key}/en-gb`)!.translationGroupId, key).to.equal(created.get(`${key}/nl-nl`)!.translationGroupId);
    }
    expect(created.get('waiting-times/nl-nl')!.typeData).to.deep.equal({
      author: 'Daan Bakker',
      publicationDate: '2026-01-20',
      summary: 'Wie alleen de wachttijd tot de intake meet, ziet de helft van het wachten. Met zes thuiszorgorganisaties ontwikkelden wij een meting die beide delen laat zien.',
    });
  });

  it('lets two processes seed the same store at once without either failing', async () => {
    const results = await Promise.allSettled([seed(commandDeps(store), settings, true), seed(commandDeps(store), settings, true)]);
    expect(results.map((r) => r.status)).to.deep.equal(['fulfilled', 'fulfilled']);
    expect(await publishedSlugs()).to.deep.equal(all);
  });

  it('gives the articles their public tags and one private tag per locale through the tag commands, once', async () => {
    const result = await seed(commandDeps(store), settings, true);
    const tagsOf = async (key: string, locale: string) => {
      const pageID = result.examplePages.find((p) => p.key === key && p.locale === locale)!.pageID;
      const events = await store.readStream(pageStream(pageID));
      const changes = events.filter((e) => e.type === 'PageTagsChanged');
      expect(changes, `${key} ${locale}`).to.have.length(1);
      // Tagged before the page was published: the live page carries them from its first publication.
      expect(events.findIndex((e) => e.type === 'PageTagsChanged'), key).to.be.below(events.findIndex((e) => e.type === 'PagePublished'));
      const ids = (changes[0]!.data as { tags: string[] }).tags;
      const tags = [];
      for (const id of ids) {
        const [created] = await store.readStream(tagStream(id), { limit: 1 });
        tags.push(created!.data as { name: string; visibility: string; locale: string });
      }
      return tags.map((t) => `${t.visibility}:${t.locale}:${t.name}`);
    };
    expect(await tagsOf('evaluations', 'nl-nl')).to.deep.equal(['public:nl-nl:Evaluatie', 'public:nl-nl:Energietransitie', 'public:nl-nl:Zorg', 'private:nl-nl:Herzien in 2026']);
    expect(await tagsOf('heat-network', 'en-gb')).to.deep.equal(['public:en-gb:Energy transition', 'public:en-gb:Residents']);
    // The same name on two pages of a locale is one tag.
    const nlEnergy = (key: string) => tagsOf(key, 'nl-nl');
    expect(await nlEnergy('heat-network')).to.include('public:nl-nl:Energietransitie');
    const created = (await store.readAll({ limit: 100_000 })).filter((e) => e.type === 'TagCreated');
    const examples = examplePages.flatMap((p) => [...(p.tags ?? []), ...(p.privateTags ?? [])].map((name) => `${p.locale}:${name}`));
    expect(created.map((e) => `${(e.data as { locale: string }).locale}:${(e.data as { name: string }).name}`)).to.have.members([...new Set(examples)]);
    const head = await store.headPosition();
    await seed(commandDeps(store), settings, true);
    expect(await store.headPosition()).to.equal(head);
  });

  it('finishes a page that an interrupted first start created but never published', async () => {
    const home = examplePages.find((p) => p.slug === 'home' && p.locale === 'nl-nl')!;
    await createPage(commandDeps(store), { title: home.title, slug: 'home', type: home.type, locale: 'nl-nl', content: '', typeData: {} }, commandContext('system', 'crash'));
    await seed(commandDeps(store), settings, true);
    expect(await publishedSlugs()).to.deep.equal(all);
  });
});
