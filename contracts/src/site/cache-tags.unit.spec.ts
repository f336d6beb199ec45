import { expect } from 'chai';
import { eventSchemas } from '../events/registry';
import {
  breadcrumbPathTags,
  cacheTaggedEventTypes,
  cacheTagsOf,
  decodeInvalidation,
  encodeInvalidation,
  mediaTag,
  menusTag,
  notFoundTags,
  pageListTag,
  pagePathTag,
  pageTag,
  SETTINGS_TAG,
  tagPathTag,
  taggedPagesTag,
  tagTag,
} from './cache-tags';

const ev = (type: string, data: Record<string, unknown>) => ({ type, data });

describe('cache tags of stored events (cacheTagsOf)', () => {
  it('drops the page, what was at its path, the lists of its locale, and its translations (their language switchers) when a page is published', () => {
    expect(cacheTagsOf(ev('PagePublished', { pageId: 'p1', versionId: 'v', slug: 'over-ons', locale: 'nl-nl' }), { translations: ['p2', 'p3'] })).to.deep.equal([
      pageTag('p1'),
      pagePathTag('nl-nl', 'over-ons'),
      pageListTag('nl-nl'),
      pageTag('p2'),
      pageTag('p3'),
    ]);
  });

  it('drops the page, both its paths and the lists of its locale when it moves', () => {
    expect(cacheTagsOf(ev('PageSlugChanged', { pageId: 'p1', locale: 'en-gb', slug: 'about/team', previousSlug: 'team', updateLinks: true }))).to.deep.equal([
      pageTag('p1'),
      pagePathTag('en-gb', 'about/team'),
      pagePathTag('en-gb', 'team'),
      pageListTag('en-gb'),
    ]);
  });

  it('drops the page, its path and its locale\'s lists when it is unpublished or deleted, and the path when a page is created there', () => {
    expect(cacheTagsOf(ev('PageUnpublished', { pageId: 'p1', versionId: 'v', slug: 'a', locale: 'nl-nl' }))).to.deep.equal([pageTag('p1'), pagePathTag('nl-nl', 'a'), pageListTag('nl-nl')]);
    expect(cacheTagsOf(ev('PageDeleted', { pageId: 'p1', locale: 'nl-nl', slug: 'a', translationGroupId: 'g' }))).to.deep.equal([pageTag('p1'), pagePathTag('nl-nl', 'a'), pageListTag('nl-nl')]);
    expect(cacheTagsOf(ev('PageCreated', { pageId: 'p1', locale: 'nl-nl', slug: 'oud' }))).to.deep.equal([pagePathTag('nl-nl', 'oud')]);
  });

  it('drops nothing for a draft, a request or a review: the site shows published versions only', () => {
    for (const type of ['PageVersionStored', 'PageDraftStarted', 'PageSettingsStored', 'PageLinksUpdated', 'PublicationRequested', 'PublicationAccepted', 'MenuDraftSaved']) {
      expect(cacheTagsOf(ev(type, { pageId: 'p1' })), type).to.deep.equal([]);
    }
  });

  it('drops every page on any change of the settings', () => {
    for (const type of ['SettingsInitialized', 'SiteIdentityChanged', 'SiteContactChanged', 'SiteSocialLinksChanged', 'SiteDefaultSeoImageChanged', 'SiteLocalesChanged']) {
      expect(cacheTagsOf(ev(type, {})), type).to.deep.equal([SETTINGS_TAG]);
    }
  });

  it('drops what shows a library item when it changes or goes, by id and by its bytes', () => {
    expect(cacheTagsOf(ev('MediaAltTextChanged', { mediaId: 'm1', defaultAltText: 'x' }))).to.deep.equal([mediaTag('m1')]);
    expect(cacheTagsOf(ev('MediaFileDeleted', { mediaId: 'm1', parentId: 'r', fileName: 'a.jpg', hash: 'abc' }))).to.deep.equal([mediaTag('m1'), mediaTag('abc')]);
  });

  it("drops a locale's menus when one of them is published", () => {
    expect(cacheTagsOf(ev('MenuPublished', { menuId: 'nl-nl-main', locale: 'nl-nl', kind: 'main', version: 3 }))).to.deep.equal([menusTag('nl-nl')]);
  });

  it('drops the menus of the locales whose published menus name a page that goes live, moves, goes off line or is deleted', () => {
    const facts = { menuLocales: ['nl-nl', 'en-gb'] };
    expect(cacheTagsOf(ev('PagePublished', { pageId: 'p1', versionId: 'v', slug: 'over-ons', locale: 'nl-nl' }), facts)).to.include.members([menusTag('nl-nl'), menusTag('en-gb')]);
    expect(cacheTagsOf(ev('PageUnpublished', { pageId: 'p1', versionId: 'v', slug: 'over-ons', locale: 'nl-nl' }), facts)).to.include(menusTag('nl-nl'));
    expect(cacheTagsOf(ev('PageSlugChanged', { pageId: 'p1', slug: 'wie', previousSlug: 'over-ons', locale: 'nl-nl', updateLinks: false }), facts)).to.include(menusTag('en-gb'));
    expect(cacheTagsOf(ev('PageDeleted', { pageId: 'p1', slug: 'over-ons', locale: 'nl-nl', translationGroupId: 'g' }), facts)).to.include(menusTag('nl-nl'));
    expect(cacheTagsOf(ev('PageUnpublished', { pageId: 'p1', versionId: 'v', slug: 'over-ons', locale: 'nl-nl' }))).to.not.include(menusTag('nl-nl'));
  });

  it('drops every page when a library item the settings show (the logo) changes or goes', () => {
    expect(cacheTagsOf(ev('MediaAltTextChanged', { mediaId: 'm1', defaultAltText: 'x' }), { inSettings: true })).to.deep.equal([mediaTag('m1'), SETTINGS_TAG]);
    expect(cacheTagsOf(ev('MediaFileDeleted', { mediaId: 'm1', parentId: 'r', fileName: 'a.jpg', hash: 'abc' }), { inSettings: true })).to.include(SETTINGS_TAG);
  });

  describe('of tags (issue 15)', () => {
    const energy = { id: 't1', locale: 'nl-nl', slug: 'energietransitie' };
    const care = { id: 't2', locale: 'nl-nl', slug: 'zorg' };
    const tagged = (...tags: (typeof energy)[]) => tags.flatMap((t) => [taggedPagesTag(t.id), tagPathTag(t.locale, t.slug)]);

    it("drops the lists and tag page addresses of a page's public tags when it goes live, moves, goes off line or is deleted, and of no other tag", () => {
      const facts = { tags: [energy, care] };
      const page = { pageId: 'p1', versionId: 'v', slug: 'a', locale: 'nl-nl' };
      expect(cacheTagsOf(ev('PagePublished', page), facts)).to.include.members(tagged(energy, care));
      expect(cacheTagsOf(ev('PageUnpublished', page), facts)).to.include.members(tagged(energy, care));
      expect(cacheTagsOf(ev('PageSlugChanged', { ...page, previousSlug: 'b', updateLinks: false }), facts)).to.include.members(tagged(energy, care));
      expect(cacheTagsOf(ev('PageDeleted', { ...page, translationGroupId: 'g' }), facts)).to.include.members(tagged(energy, care));
      expect(cacheTagsOf(ev('PageTypeDataChanged', { pageId: 'p1', typeData: {} }), facts)).to.deep.equal([pageTag('p1'), ...tagged(energy, care)]);
      // A page without public tags leaves every tag page alone.
      expect(cacheTagsOf(ev('PagePublished', page), { tags: [] }).filter((tag) => tag.startsWith('tag'))).to.deep.equal([]);
    });

    it("drops a live page and the lists of the tags it was given or lost when its tags change, and nothing for a draft's", () => {
      const changed = ev('PageTagsChanged', { pageId: 'p1', locale: 'nl-nl', tags: ['t1'], added: ['t1'], removed: ['t2'] });
      expect(cacheTagsOf(changed, { live: true, tags: [energy, care] })).to.deep.equal([pageTag('p1'), ...tagged(energy, care)]);
      expect(cacheTagsOf(changed, { live: false, tags: [] })).to.deep.equal([]);
      // Not a page's list of its locale: a tag changes only the lists filtered by it.
      expect(cacheTagsOf(changed, { live: true, tags: [energy] })).to.not.include(pageListTag('nl-nl'));
    });

    it('drops what shows a public tag and both its addresses when it is renamed, and its lists when it is merged; nothing for a private tag', () => {
      expect(cacheTagsOf(ev('TagRenamed', { tagId: 't1', locale: 'nl-nl', visibility: 'public', name: 'Energie & klimaat', previousName: 'Energietransitie' }))).to.deep.equal([
        tagTag('t1'),
        tagPathTag('nl-nl', 'energietransitie'),
        tagPathTag('nl-nl', 'energie-klimaat'),
      ]);
      expect(cacheTagsOf(ev('TagMerged', { tagId: 't1', locale: 'nl-nl', visibility: 'public', name: 'Klimaat', intoTagId: 't3', intoName: 'Energie' }))).to.deep.equal([
        tagTag('t1'),
        taggedPagesTag('t1'),
        tagPathTag('nl-nl', 'klimaat'),
      ]);
      expect(cacheTagsOf(ev('TagRenamed', { tagId: 't9', locale: 'nl-nl', visibility: 'private', name: 'Intern b', previousName: 'Intern a' }))).to.deep.equal([]);
      expect(cacheTagsOf(ev('TagMerged', { tagId: 't9', locale: 'nl-nl', visibility: 'private', name: 'Intern', intoTagId: 't8', intoName: 'Ander' }))).to.deep.equal([]);
      // A new tag takes its address over from a tag renamed away from it, whose old address redirected.
      expect(cacheTagsOf(ev('TagCreated', { tagId: 't1', locale: 'nl-nl', visibility: 'public', name: 'Nieuw' }))).to.deep.equal([tagPathTag('nl-nl', 'nieuw')]);
      expect(cacheTagsOf(ev('TagCreated', { tagId: 't9', locale: 'nl-nl', visibility: 'private', name: 'Intern' }))).to.deep.equal([]);
    });
  });

  it("drops every page of a release at its publication and its rollback, with their translations, menus and tags; nothing while it is put together", () => {
    const items = [{ pageId: 'p1', locale: 'nl-nl', slug: 'a' }, { pageId: 'p2', locale: 'en-gb', slug: 'b' }];
    const facts = { translations: ['p3'], menuLocales: ['nl-nl'], tags: [{ id: 't1', locale: 'nl-nl', slug: 'energie' }] };
    const expected = [pageTag('p1'), pagePathTag('nl-nl', 'a'), pageListTag('nl-nl'), pageTag('p2'), pagePathTag('en-gb', 'b'), pageListTag('en-gb'), pageTag('p3'), menusTag('nl-nl'), taggedPagesTag('t1'), tagPathTag('nl-nl', 'energie')];
    expect(cacheTagsOf(ev('ReleasePublished', { releaseId: 'r1', items }), facts)).to.have.members(expected);
    expect(cacheTagsOf(ev('ReleaseRolledBack', { releaseId: 'r1', items }), facts)).to.have.members(expected);
    for (const type of ['ReleaseCreated', 'ReleasePageAdded', 'ReleaseMenuAdded', 'ReleaseScheduled', 'ReleaseDeleted']) expect(cacheTagsOf(ev(type, { releaseId: 'r1' }), facts), type).to.deep.equal([]);
    // Its menus' locales too, at the release's event; the pages' and menus' own marked events drop nothing (the site has not changed yet).
    expect(cacheTagsOf(ev('ReleasePublished', { releaseId: 'r1', items: [], menus: [{ menuId: 'en-gb-footer', locale: 'en-gb', kind: 'footer', version: 2, previousVersion: 1 }] }), {})).to.deep.equal([menusTag('en-gb')]);
    expect(cacheTagsOf(ev('PagePublished', { pageId: 'p1', versionId: 'v', locale: 'nl-nl', slug: 'a', releaseId: 'r1' }), facts)).to.deep.equal([]);
    expect(cacheTagsOf(ev('PageUnpublished', { pageId: 'p1', locale: 'nl-nl', slug: 'a', releaseId: 'r1' }), facts)).to.deep.equal([]);
    expect(cacheTagsOf(ev('MenuPublished', { menuId: 'en-gb-footer', locale: 'en-gb', kind: 'footer', version: 2, releaseId: 'r1' }))).to.deep.equal([]);
    expect(cacheTagsOf(ev('MenuPublished', { menuId: 'en-gb-footer', locale: 'en-gb', kind: 'footer', version: 2 }))).to.deep.equal([menusTag('en-gb')]);
  });

  it('knows every event type of the registry, and nothing of a type it has never seen', () => {
    expect(cacheTagsOf(ev('SomethingFromTheFuture', { pageId: 'p1' }))).to.deep.equal([]);
    for (const type of cacheTaggedEventTypes) expect(eventSchemas).to.have.property(type);
    expect(cacheTaggedEventTypes).to.include.members(['PagePublished', 'PageUnpublished', 'PageSlugChanged', 'PageDeleted', 'SettingsInitialized', 'MenuPublished']);
    expect(cacheTaggedEventTypes).to.not.include('PageVersionStored');
  });
});

describe('the tags a rendered page records', () => {
  it('names the home page and every ancestor path for the breadcrumbs, none for the home page itself', () => {
    expect(breadcrumbPathTags('nl-nl', 'expertise/energie/wind')).to.deep.equal([
      pagePathTag('nl-nl', 'home'),
      pagePathTag('nl-nl', 'expertise'),
      pagePathTag('nl-nl', 'expertise/energie'),
    ]);
    expect(breadcrumbPathTags('nl-nl', 'home')).to.deep.equal([]);
  });

  it('names the path asked for, the 404 path and the 404 page for a 404', () => {
    expect(notFoundTags('en-gb', 'gone', 'p404')).to.deep.equal([pagePathTag('en-gb', 'gone'), pagePathTag('en-gb', '404'), pageTag('p404')]);
    expect(notFoundTags('en-gb', 'gone', null)).to.deep.equal([pagePathTag('en-gb', 'gone'), pagePathTag('en-gb', '404')]);
  });
});

describe('invalidation messages', () => {
  it('read back as they were written', () => {
    const [message] = encodeInvalidation({ tags: ['page:1', 'settings'], position: 42 });
    expect(decodeInvalidation(message!)).to.deep.equal({ tags: ['page:1', 'settings'], position: 42 });
  });

  it('split a long list of tags into messages within the size limit, losing none', () => {
    const tags = Array.from({ length: 500 }, (_, i) => pageTag(`0192f0a4-7c1e-7000-8000-${String(i).padStart(12, '0')}é`));
    const messages = encodeInvalidation({ tags, position: 7 }, 2_000);
    expect(messages.length).to.be.above(1);
    for (const m of messages) expect(encodeURIComponent(m).replace(/%[0-9A-F]{2}/g, '_').length).to.be.at.most(2_000);
    expect(messages.flatMap((m) => decodeInvalidation(m)!.tags)).to.deep.equal(tags);
  });

  it('are ignored when they are not messages', () => {
    for (const bad of ['', 'not json', '{"tags":"x","position":1}', '{"tags":[1],"position":1}', '{"tags":[]}']) expect(decodeInvalidation(bad), bad).to.equal(null);
  });
});
