import { expect } from 'chai';
import { MemoryUow } from './core/memory-uow';
import type { RecordedEvent } from '@pagelog/contracts/events/event';
import { pagesProjection } from './pages/projection';
import { publicPagesProjection } from './public-pages/projection';


let position = 0;
const recorded = (revision: number, type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: `e${++position}`,
  stream: 'page-p1',
  revision,
  position,
  type,
  data,
  metadata: { actorId: 'u1', correlationId: 'c', causationId: 'c', occurredAt: `2026-01-01T00:00:0${revision}.000Z`, schemaVersion: 1 },
});

const history = [
  recorded(1, 'PageCreated', { pageId: 'p1', translationGroupId: 'p1', type: 'article', locale: 'nl-nl', title: 'A', slug: 'a', content: '', typeData: {}, versionId: 'v1' }),
  recorded(2, 'PageVersionStored', { pageId: 'p1', versionId: 'v1', title: 'B', blocks: [{ type: 'heading', key: 'k', props: { text: 'x' }, anchorPoint: '' }], seoTitle: 'S', seoDescription: '', seoKeywords: [], seoImage: [] }),
  recorded(3, 'PagePublished', { pageId: 'p1', versionId: 'v1', slug: 'a', locale: 'nl-nl' }),
  recorded(4, 'PageDraftStarted', { pageId: 'p1', versionId: 'v2', basedOnVersionId: 'v1' }),
  recorded(5, 'PageVersionStored', { pageId: 'p1', versionId: 'v2', title: 'C', blocks: [], seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] }),
];

for (const projection of [pagesProjection, publicPagesProjection]) {
  describe(`the ${projection.name} projection`, () => {
    it('ends in the same state when events are delivered again (idempotent on the stream revision)', async () => {
      const once = new MemoryUow();
      for (const e of history) await projection.apply(e, once);
      const twice = new MemoryUow();
      for (const e of history) await projection.apply(e, twice);
      for (const e of history) await projection.apply(e, twice);
      expect([...twice.docs.entries()]).to.deep.equal([...once.docs.entries()]);
    });
  });
}

describe('the pages projection', () => {
  it('derives the status and keeps the published version unchanged while a new draft is edited', async () => {
    const uow = new MemoryUow();
    for (const e of history) await pagesProjection.apply(e, uow);
    expect(await uow.get('pages', 'p1')).to.include({ status: 'unpublished-changes', publishedVersionID: 'v1', draftVersionID: 'v2', title: 'C', updatedBy: 'u1' });
    expect(await uow.get('page_versions', 'v1')).to.include({ title: 'B', published: true });
    expect(await uow.get('page_versions', 'v2')).to.include({ title: 'C', published: false });
  });
});

describe('the public-pages projection', () => {
  it('shows the published version, not the later draft', async () => {
    const uow = new MemoryUow();
    for (const e of history) await publicPagesProjection.apply(e, uow);
    const live = (await uow.get<{ pageVersion: { title: string; versionID: string } }>('public_pages', 'p1'))!;
    expect(live.pageVersion).to.include({ title: 'B', versionID: 'v1' });
  });
});

describe('page settings in the projections', () => {
  const settingsHistory = [
    ...history,
    recorded(6, 'PageSettingsStored', { pageId: 'p1', versionId: 'v2', typeData: { author: 'Bram', publicationDate: '', summary: '' }, anchor: 'top' }),
  ];

  it('shows the draft settings to the admin, on the page and on the draft version, not on the published one', async () => {
    const uow = new MemoryUow();
    for (const e of settingsHistory) await pagesProjection.apply(e, uow);
    expect(await uow.get('pages', 'p1')).to.deep.include({ typeData: { author: 'Bram', publicationDate: '', summary: '' }, anchor: 'top' });
    expect((await uow.get<{ settings: unknown }>('page_versions', 'v2'))!.settings).to.deep.equal({ typeData: { author: 'Bram', publicationDate: '', summary: '' }, anchor: 'top' });
    expect((await uow.get<{ settings: unknown }>('page_versions', 'v1'))!.settings).to.deep.equal({ typeData: {}, anchor: '' });
  });

  it('keeps them off the public site until the draft is published', async () => {
    const uow = new MemoryUow();
    for (const e of settingsHistory) await publicPagesProjection.apply(e, uow);
    const live = async () => (await uow.get<{ pageVersion: { pageType: { props: unknown } } }>('public_pages', 'p1'))!.pageVersion.pageType.props;
    expect(await live()).to.deep.equal({});
    await publicPagesProjection.apply(recorded(7, 'PagePublished', { pageId: 'p1', versionId: 'v2', slug: 'a', locale: 'nl-nl' }), uow);
    expect(await live()).to.deep.equal({ author: 'Bram', publicationDate: '', summary: '' });
  });

  it('replays the older PageTypeDataChanged as it always did: the live page at once, and the draft version with it', async () => {
    const legacy = [...history, recorded(6, 'PageTypeDataChanged', { pageId: 'p1', typeData: { author: 'Oud' } })];
    const site = new MemoryUow();
    for (const e of legacy) await publicPagesProjection.apply(e, site);
    expect((await site.get<{ pageVersion: { pageType: { props: unknown } } }>('public_pages', 'p1'))!.pageVersion.pageType.props).to.deep.equal({ author: 'Oud' });
    const admin = new MemoryUow();
    for (const e of legacy) await pagesProjection.apply(e, admin);
    expect((await admin.get<{ settings: unknown }>('page_versions', 'v2'))!.settings).to.deep.equal({ typeData: { author: 'Oud' }, anchor: '' });
  });
});

describe('page tags in the projections (page-level, decision 0023)', () => {
  const tagged = recorded(6, 'PageTagsChanged', { pageId: 'p1', locale: 'nl-nl', tags: ['t1', 't2'], added: ['t1', 't2'], removed: [] });

  it('puts them on the live page at once, and keeps them through an unpublication and a new publication', async () => {
    const uow = new MemoryUow();
    for (const e of [...history, tagged]) await publicPagesProjection.apply(e, uow);
    const liveTags = async () => (await uow.get<{ tags?: string[] }>('public_pages', 'p1'))?.tags;
    expect(await liveTags()).to.deep.equal(['t1', 't2']);
    await publicPagesProjection.apply(recorded(7, 'PageUnpublished', { pageId: 'p1', versionId: 'v1', slug: 'a', locale: 'nl-nl' }), uow);
    expect(await liveTags()).to.equal(undefined);
    await publicPagesProjection.apply(recorded(8, 'PagePublished', { pageId: 'p1', versionId: 'v2', slug: 'a', locale: 'nl-nl' }), uow);
    expect(await liveTags()).to.deep.equal(['t1', 't2']);
  });

  it("shows them on the admin's page", async () => {
    const uow = new MemoryUow();
    for (const e of [...history, tagged]) await pagesProjection.apply(e, uow);
    expect(await uow.get('pages', 'p1')).to.deep.include({ tags: ['t1', 't2'] });
  });
});
