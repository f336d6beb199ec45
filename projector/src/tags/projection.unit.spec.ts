import { expect } from 'chai';
import { MemoryUow } from '../core/memory-uow';
import type { RecordedEvent } from '@pagelog/contracts/events/event';
import type { TagDoc } from '@pagelog/contracts/tags/tag-docs';
import { tagsProjection } from './projection';


let position = 0;
const revisions = new Map<string, number>();
/** The next event of a stream, numbered as the store would. */
function recorded(stream: string, type: string, data: Record<string, unknown>): RecordedEvent {
  const revision = (revisions.get(stream) ?? 0) + 1;
  revisions.set(stream, revision);
  return { id: `e${++position}`, stream, revision, position, type, data, metadata: { actorId: 'u1', correlationId: 'c', causationId: 'c', occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 } };
}

const tagCreated = (tagId: string, name: string) => recorded(`tag-${tagId}`, 'TagCreated', { tagId, locale: 'nl-nl', visibility: 'public', name });
const pageCreated = (pageId: string) =>
  recorded(`page-${pageId}`, 'PageCreated', { pageId, translationGroupId: pageId, type: 'article', locale: 'nl-nl', title: 'T', slug: pageId, content: '', typeData: {}, versionId: `${pageId}v1` });
const tagsChanged = (pageId: string, tags: string[], extra: Record<string, unknown> = {}) => recorded(`page-${pageId}`, 'PageTagsChanged', { pageId, locale: 'nl-nl', tags, added: [], removed: [], ...extra });
const published = (pageId: string) => recorded(`page-${pageId}`, 'PagePublished', { pageId, versionId: `${pageId}v1`, slug: pageId, locale: 'nl-nl' });
const unpublished = (pageId: string) => recorded(`page-${pageId}`, 'PageUnpublished', { pageId, versionId: `${pageId}v1`, slug: pageId, locale: 'nl-nl' });
const deleted = (pageId: string) => recorded(`page-${pageId}`, 'PageDeleted', { pageId, locale: 'nl-nl', slug: pageId, translationGroupId: pageId });

async function project(events: RecordedEvent[], uow = new MemoryUow()): Promise<MemoryUow> {
  for (const event of events) await tagsProjection.apply(event, uow);
  return uow;
}

const counts = (uow: MemoryUow) => Object.fromEntries(Object.values(uow.of('tags')).map((t) => [(t as TagDoc).name, [(t as TagDoc).pageCount, (t as TagDoc).publishedPageCount]]));

describe('the tags projection', () => {
  const history = [
    tagCreated('t1', 'Café Brûlé'),
    tagCreated('t2', 'Rock & Roll'),
    pageCreated('p1'),
    pageCreated('p2'),
    tagsChanged('p1', ['t1', 't2']),
    published('p1'),
    tagsChanged('p2', ['t1']),
    tagsChanged('p1', ['t1']),
  ];

  it('keeps each tag with its key and slug', async () => {
    const uow = await project(history.slice(0, 2));
    expect(uow.of('tags').t1).to.deep.include({ name: 'Café Brûlé', key: 'cafe brule', slug: 'cafe-brule', merged: false, mergedInto: null, visibility: 'public', locale: 'nl-nl' });
    expect(uow.of('tags').t2).to.include({ slug: 'rock-roll' });
  });

  it('counts the pages carrying a tag, and the published ones', async () => {
    const uow = await project(history);
    expect(counts(uow)).to.deep.equal({ 'Café Brûlé': [2, 1], 'Rock & Roll': [0, 0] });
    expect(Object.keys(uow.of('tag_page_links')).sort()).to.deep.equal(['t1|p1', 't1|p2']);
    expect(uow.of('tag_page_links')['t1|p1']).to.include({ live: true });
  });

  it('moves the published counts with publication, unpublication and deletion', async () => {
    const uow = await project([...history, published('p2')]);
    expect(counts(uow)['Café Brûlé']).to.deep.equal([2, 2]);
    await project([unpublished('p1')], uow);
    expect(counts(uow)['Café Brûlé']).to.deep.equal([2, 1]);
    await project([deleted('p2')], uow);
    expect(counts(uow)['Café Brûlé']).to.deep.equal([1, 0]);
    expect(Object.keys(uow.of('tag_page_links'))).to.deep.equal(['t1|p1']);
  });

  it('follows a rename with the key and slug, and flags a merged tag with where it went', async () => {
    const uow = await project([...history, recorded('tag-t2', 'TagRenamed', { tagId: 't2', locale: 'nl-nl', visibility: 'public', name: 'Rock and Roll', previousName: 'Rock & Roll' })]);
    expect(uow.of('tags').t2).to.include({ name: 'Rock and Roll', key: 'rock and roll', slug: 'rock-and-roll' });
    await project([recorded('tag-t2', 'TagMerged', { tagId: 't2', locale: 'nl-nl', visibility: 'public', name: 'Rock and Roll', intoTagId: 't1', intoName: 'Café Brûlé' })], uow);
    expect(uow.of('tags').t2).to.include({ merged: true, mergedInto: 't1' });
  });

  it('keeps every address a tag has had, by locale and slug, and hands one to a later tag that takes the slug', async () => {
    const uow = await project([...history, recorded('tag-t2', 'TagRenamed', { tagId: 't2', locale: 'nl-nl', visibility: 'public', name: 'Rock and Roll', previousName: 'Rock & Roll' })]);
    const addresses = () => Object.fromEntries(Object.values(uow.of('tag_addresses')).map((doc) => [`${doc.locale}|${doc.slug}`, doc.tagId]));
    expect(addresses()).to.deep.include({ 'nl-nl|rock-roll': 't2', 'nl-nl|rock-and-roll': 't2' });
    await project([tagCreated('t7', 'Rock & Roll')], uow);
    expect(addresses()).to.deep.include({ 'nl-nl|rock-roll': 't7', 'nl-nl|rock-and-roll': 't2' });
  });

  it('ends in the same state when events are delivered again (idempotent on the stream revisions)', async () => {
    const events = [...history, published('p2'), deleted('p1')];
    const once = await project(events);
    const twice = await project([...events, ...events]);
    expect([...twice.docs.entries()]).to.deep.equal([...once.docs.entries()]);
  });
});
