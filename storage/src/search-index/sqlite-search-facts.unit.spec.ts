import { expect } from 'chai';
import Database from 'better-sqlite3';
import type { SearchDocument } from './search-index';
import { SearchFacts, StaleFacts } from './sqlite-search-facts';

const doc = (id: string, tags: number, extra: Partial<SearchDocument> = {}): SearchDocument => ({
  id,
  locale: 'nl-nl',
  pageType: 'article',
  title: id,
  slug: id,
  description: '',
  body: '',
  tags: Array.from({ length: tags }, (_, i) => ({ id: `tag-${i}`, name: `Tag ${i}` })),
  date: '2024-01-01T00:00:00.000Z',
  ...extra,
});

const none = { locales: [], pageTypes: [], tags: [] };

/** Facts of an empty generation, to put documents into as the adapter's writes do. */
function emptyFacts(): SearchFacts {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE docs (n INTEGER PRIMARY KEY, id TEXT, locale TEXT, page_type TEXT, date TEXT); CREATE TABLE tags (tag_id TEXT, doc INTEGER, name TEXT)');
  const facts = SearchFacts.load(db, 'docs', 'tags', 0);
  db.close();
  return facts;
}

describe('search facts (the SQLite adapter in-memory filters and facets)', () => {
  it('keeps every tag of a document with many tags, as many as a page may have, and counts them', () => {
    const facts = emptyFacts();
    facts.put(1, doc('a', 2));
    facts.put(2, doc('b', 30));
    facts.put(3, doc('c', 7));
    const all = facts.filter([1, 2, 3], none, true);
    expect(all.matches).to.deep.equal([1, 2, 3]);
    const counts = new Map(all.facets.tags.map((tag) => [tag.value, tag.count]));
    expect(counts.get('tag-0')).to.equal(3);
    expect(counts.get('tag-6')).to.equal(2);
    expect(counts.get('tag-29')).to.equal(1);
    expect(all.facets.tags).to.have.length(30);
    expect(facts.filter([1, 2, 3], { ...none, tags: ['tag-29'] }, true).matches).to.deep.equal([2]);
    expect(facts.filter([1, 2, 3], { ...none, tags: ['tag-1', 'tag-5'] }, true).matches).to.deep.equal([2, 3]);
    expect(facts.filter([1, 2, 3], { ...none, tags: ['tag-unknown'] }, true).matches).to.deep.equal([]);
  });

  it('forgets the tags a document no longer has when it is written again or removed', () => {
    const facts = emptyFacts();
    facts.put(1, doc('a', 12));
    facts.put(1, doc('a', 1));
    expect(facts.filter([1], { ...none, tags: ['tag-5'] }, true).matches).to.deep.equal([]);
    expect(facts.filter([1], none, true).facets.tags).to.deep.equal([{ value: 'tag-0', label: 'Tag 0', count: 1 }]);
    facts.remove(1);
    expect(() => facts.filter([1], none, true)).to.throw(StaleFacts);
  });

  it('keeps the tags of earlier documents when later ones need more room, and grows past its first size', () => {
    const facts = emptyFacts();
    for (let n = 1; n <= 3000; n++) facts.put(n, doc(`p${n}`, n === 2500 ? 20 : n % 3, { locale: n % 2 ? 'nl-nl' : 'en-gb' }));
    const ids = Array.from({ length: 3000 }, (_, i) => i + 1);
    const answer = facts.filter(ids, { ...none, locales: ['en-gb'], tags: ['tag-1'] }, true);
    // Even n with n % 3 === 2, and 2500 (twenty tags).
    expect(answer.matches).to.deep.equal(ids.filter((n) => n % 2 === 0 && (n % 3 === 2 || n === 2500)));
    expect(answer.facets.locales).to.deep.equal([
      { value: 'nl-nl', count: 500 },
      { value: 'en-gb', count: 501 },
    ].sort((a, b) => b.count - a.count));
  });
});
