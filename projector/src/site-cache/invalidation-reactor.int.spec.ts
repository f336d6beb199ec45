import { expect } from 'chai';
import type { NewEvent } from '@pagelog/contracts/events/event';
import { reactorNames, readModels } from '@pagelog/contracts/read-models';
import { decodeInvalidation, mediaTag, menusTag, pageListTag, pagePathTag, pageTag, SETTINGS_TAG, tagPathTag, taggedPagesTag } from '@pagelog/contracts/site/cache-tags';
import { InProcessNotifier } from '@pagelog/storage/notifications/in-process-notifier';
import { Projector } from '../core/projector';
import { openTestLog, type TestLog } from '../core/test-log';
import { menusProjection } from '../menus/projection';
import { mediaLibraryProjection } from '../media/library-projection';
import { publicPagesProjection } from '../public-pages/projection';
import { settingsProjection } from '../settings/projection';
import { tagsProjection } from '../tags/projection';
import { formSettingsProjection } from '../forms/form-settings-projection';
import { newsletterPopupProjection } from '../newsletter-popup/projection';
import { siteCacheReactor } from './invalidation-reactor';

async function until(check: () => boolean, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what}: not reached in time`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * The site-cache reactor beside the projections the site reads: each event's tags go out once
 * those read models have taken the event in, so a site that renders on the message sees the change.
 */
describe('the site-cache reactor', () => {
  let log: TestLog;
  let projector: Projector;
  let notifier: InProcessNotifier;
  let seq = 0;
  /** Each message, with whether the published page was in the read model when it arrived. */
  let heard: { tags: string[]; position: number; live: boolean }[];

  beforeEach(async () => {
    log = openTestLog('site-cache');
    notifier = new InProcessNotifier();
    heard = [];
    await notifier.subscribe({
      message(payload) {
        const message = decodeInvalidation(payload)!;
        // Read synchronously from SQLite at the moment of the message: what a render would find.
        const live = log.db.prepare('SELECT count(*) FROM rm_docs WHERE collection = ? AND id = ?').pluck().get(readModels.publicPages.collection, 'p1') === 1;
        heard.push({ ...message, live });
      },
      connected() {},
    });
    projector = new Projector({
      eventStore: log.events,
      readModels: log.readModels,
      projections: [publicPagesProjection, settingsProjection, menusProjection, mediaLibraryProjection, tagsProjection, formSettingsProjection, newsletterPopupProjection],
      reactors: [siteCacheReactor({ siteCacheNotifier: notifier, readModels: log.readModels })],
      pollMs: 10,
      backoffMs: 10,
      maxBackoffMs: 20,
    });
    await projector.start();
  });
  afterEach(async () => {
    await projector.stop();
    await notifier.close();
    await log.close();
  });

  async function append(stream: string, type: string, data: Record<string, unknown>): Promise<number> {
    seq += 1;
    const event: NewEvent = {
      id: `00000000-0000-7000-8000-${String(seq).padStart(12, '0')}`,
      type,
      data,
      metadata: { actorId: 'u1', correlationId: 'c', causationId: 'c', occurredAt: new Date().toISOString(), schemaVersion: 1 },
    };
    return (await log.events.append(stream, [event], 'any')).position;
  }
  const created = (pageId: string, locale: string, slug: string, group = 'g1') =>
    append(`page-${pageId}`, 'PageCreated', { pageId, translationGroupId: group, type: 'base', locale, title: slug, slug, content: '', typeData: {}, versionId: `${pageId}-v1`, copiedFrom: null });
  const published = (pageId: string, locale: string, slug: string) => append(`page-${pageId}`, 'PagePublished', { pageId, versionId: `${pageId}-v1`, slug, locale });

  it('announces a publication with its tags only after the public pages have taken it in', async () => {
    await created('p1', 'nl-nl', 'over-ons');
    const position = await published('p1', 'nl-nl', 'over-ons');
    await until(() => heard.some((m) => m.position === position), 'the publication announced');
    const message = heard.find((m) => m.position === position)!;
    expect(message.tags).to.include.members([pageTag('p1'), pagePathTag('nl-nl', 'over-ons')]);
    expect(message.live).to.equal(true);
  });

  it("names a new translation's siblings, whose language switchers now list it", async () => {
    await created('p1', 'nl-nl', 'over-ons');
    await published('p1', 'nl-nl', 'over-ons');
    await created('p2', 'en-gb', 'about');
    const position = await published('p2', 'en-gb', 'about');
    await until(() => heard.some((m) => m.position === position), 'the translation announced');
    expect(heard.find((m) => m.position === position)!.tags).to.have.members([pageTag('p2'), pagePathTag('en-gb', 'about'), pageListTag('en-gb'), pageTag('p1')]);
  });

  it('announces nothing for a draft, and the settings for a settings change', async () => {
    await created('p1', 'nl-nl', 'over-ons');
    await append('page-p1', 'PageVersionStored', { pageId: 'p1', versionId: 'p1-v1', title: 'x', blocks: [], seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] });
    const position = await append('settings', 'SettingsInitialized', { availableLocales: ['nl-nl'], defaultLocale: 'nl-nl', customSlugLocales: [] });
    await until(() => heard.some((m) => m.position === position), 'the settings announced');
    expect(heard.map((m) => m.tags)).to.deep.equal([[pagePathTag('nl-nl', 'over-ons')], [SETTINGS_TAG]]);
  });

  it('names the menus of the locales whose published menu names a page, when that page goes off line', async () => {
    await created('p1', 'nl-nl', 'over-ons');
    await published('p1', 'nl-nl', 'over-ons');
    const items = [{ id: 'i1', label: '', pageID: 'p1', url: null, children: [] }];
    const ref = { menuId: 'nl-nl-footer', locale: 'nl-nl', kind: 'footer' };
    await append('menu-nl-nl-footer', 'MenuDraftSaved', { ...ref, version: 1, items });
    await append('menu-nl-nl-footer', 'MenuPublished', { ...ref, version: 1 });
    const position = await append('page-p1', 'PageUnpublished', { pageId: 'p1', versionId: 'p1-v1', slug: 'over-ons', locale: 'nl-nl' });
    await until(() => heard.some((m) => m.position === position), 'the unpublication announced');
    expect(heard.find((m) => m.position === position)!.tags).to.include(menusTag('nl-nl'));
    // A page no menu names leaves the menus alone.
    await created('p2', 'nl-nl', 'contact', 'g2');
    const other = await published('p2', 'nl-nl', 'contact');
    await until(() => heard.some((m) => m.position === other), 'the other publication announced');
    expect(heard.find((m) => m.position === other)!.tags).to.not.include(menusTag('nl-nl'));
  });

  it("names the tag pages and tag lists of a page's public tags when it goes live or off line, or its live tags change, never a private tag's", async () => {
    await append('tag-t1', 'TagCreated', { tagId: 't1', locale: 'nl-nl', visibility: 'public', name: 'Energietransitie' });
    await append('tag-t2', 'TagCreated', { tagId: 't2', locale: 'nl-nl', visibility: 'private', name: 'Intern' });
    await append('tag-t3', 'TagCreated', { tagId: 't3', locale: 'nl-nl', visibility: 'public', name: 'Zorg' });
    await created('p1', 'nl-nl', 'warmtenet');
    // Each step announced before the next: the reactor reads its facts as the read models are when it acts.
    const step = async (position: Promise<number>) => {
      const at = await position;
      await until(() => heard.some((m) => m.position === at), `position ${at} announced`);
      return at;
    };
    const draft = await append('page-p1', 'PageTagsChanged', { pageId: 'p1', locale: 'nl-nl', tags: ['t1', 't2'], added: ['t1', 't2'], removed: [] });
    expect(await log.readModels.waitForCheckpoints([reactorNames.siteCache], draft, 5_000), 'the draft tags taken in').to.equal(true);
    const live = await step(published('p1', 'nl-nl', 'warmtenet'));
    const retagged = await step(append('page-p1', 'PageTagsChanged', { pageId: 'p1', locale: 'nl-nl', tags: ['t2', 't3'], added: ['t3'], removed: ['t1'] }));
    const off = await step(append('page-p1', 'PageUnpublished', { pageId: 'p1', versionId: 'p1-v1', slug: 'warmtenet', locale: 'nl-nl' }));
    const tagsAt = (position: number) => heard.find((m) => m.position === position)?.tags ?? [];
    // A draft's tags: nothing a visitor sees.
    expect(tagsAt(draft)).to.deep.equal([]);
    expect(tagsAt(live)).to.include.members([taggedPagesTag('t1'), tagPathTag('nl-nl', 'energietransitie')]);
    expect(tagsAt(retagged)).to.have.members([pageTag('p1'), taggedPagesTag('t1'), tagPathTag('nl-nl', 'energietransitie'), taggedPagesTag('t3'), tagPathTag('nl-nl', 'zorg')]);
    // Off line: the tags it carries then, read from the projection's memory of the page.
    expect(tagsAt(off)).to.include.members([taggedPagesTag('t3'), tagPathTag('nl-nl', 'zorg')]).and.not.include(taggedPagesTag('t1'));
    for (const message of heard) expect(message.tags.join(' '), 'a private tag').to.not.include('t2').and.not.include('intern');
  });

  it('names the settings when the library item they show as the logo changes', async () => {
    await append('settings', 'SettingsInitialized', { availableLocales: ['nl-nl'], defaultLocale: 'nl-nl', customSlugLocales: [] });
    await append('settings', 'SiteIdentityChanged', { siteName: 'Bureau', logo: { mediaId: 'logo-1' } });
    const position = await append('media-logo-1', 'MediaAltTextChanged', { mediaId: 'logo-1', defaultAltText: 'Ons logo' });
    const elsewhere = await append('media-other', 'MediaAltTextChanged', { mediaId: 'other', defaultAltText: 'Iets' });
    await until(() => heard.some((m) => m.position === elsewhere), 'the alt text changes announced');
    expect(heard.find((m) => m.position === position)!.tags).to.have.members([mediaTag('logo-1'), SETTINGS_TAG]);
    expect(heard.find((m) => m.position === elsewhere)!.tags).to.deep.equal([mediaTag('other')]);
  });
});
