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
import { examplePages, seed } from './seed';

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

  it('lets two processes seed the same store at once without either failing', async () => {
    const results = await Promise.allSettled([seed(commandDeps(store), settings, true), seed(commandDeps(store), settings, true)]);
    expect(results.map((r) => r.status)).to.deep.equal(['fulfilled', 'fulfilled']);
    expect(await publishedSlugs()).to.deep.equal(all);
  });

  it('finishes a page that an interrupted first start created but never published', async () => {
    const home = examplePages.find((p) => p.slug === 'home' && p.locale === 'nl-nl')!;
    await createPage(commandDeps(store), { title: home.title, slug: 'home', type: home.type, locale: 'nl-nl', content: '', typeData: {} }, commandContext('system', 'crash'));
    await seed(commandDeps(store), settings, true);
    expect(await publishedSlugs()).to.deep.equal(all);
  });
});
