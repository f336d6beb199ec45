import { expect } from 'chai';
import fc from 'fast-check';
import { MongoNetworkError, MongoServerError } from 'mongodb';
import {
  docFilter,
  docPath,
  docSort,
  escapeRegex,
  isUnavailable,
  searchPattern,
} from './mongodb-read-model-store';

describe('MongoDB read-model store mapping', () => {
  describe('when a search term becomes a regular expression', () => {
    it('escapes every metacharacter so any text matches only itself', () => {
      fc.assert(fc.property(fc.string({ unit: 'binary' }), fc.string(), (text, around) => {
        expect(new RegExp(`^${escapeRegex(text)}$`).test(text)).to.equal(true);
        expect(new RegExp(escapeRegex(text)).test(`${around}${text}${around}`)).to.equal(true);
      }));
      expect(escapeRegex('a.b*c')).to.equal('a\\.b\\*c');
      expect(new RegExp(escapeRegex('.*')).test('anything')).to.equal(false);
    });

    it('finds the term as a substring whatever the case of either side, also beyond ASCII', () => {
      const matches = (term: string, text: string) => new RegExp(searchPattern(term)).test(text);
      expect(matches('hElLo', 'says HELLO at the end')).to.equal(true);
      expect(matches('übersicht', 'ÜBERSICHT')).to.equal(true);
      expect(matches('ΣΟΦΙΑ', 'η σοφια')).to.equal(true);
      expect(matches('100%', '100% pure')).to.equal(true);
      expect(matches('snake_', 'snakes')).to.equal(false);
      expect(matches('a.c', 'abc')).to.equal(false);
      expect(matches('\\', 'no backslash')).to.equal(false);
    });

    it('matches any text that contains the term in other case', () => {
      fc.assert(fc.property(fc.string(), fc.string(), fc.string(), (before, term, after) => {
        const text = `${before}${term.toUpperCase()}${after}`;
        // Only where upper-casing keeps the length (not ß → SS) is the upper-cased term a match.
        fc.pre([...term.toUpperCase()].length === [...term].length);
        expect(new RegExp(searchPattern(term)).test(text)).to.equal(true);
      }));
    });
  });

  describe('when find options become a query', () => {
    it('scopes to the collection and compares top-level fields inside the document', () => {
      expect(docFilter('pages', {})).to.deep.equal({ c: 'pages' });
      expect(docFilter('pages', { where: { status: 'draft', rank: 9, deletedAt: null } })).to.deep.equal({
        c: 'pages',
        $and: [{ 'doc.status': 'draft' }, { 'doc.rank': 9 }, { 'doc.deletedAt': null }],
      });
    });

    it('searches the listed fields with the escaped pattern, ignoring case', () => {
      expect(docFilter('pages', { where: { status: 'draft' }, search: { term: 'a.b', fields: ['title', 'summary'] } }))
        .to.deep.equal({
          c: 'pages',
          $and: [
            { 'doc.status': 'draft' },
            {
              $or: [
                { 'doc.title': { $regex: '[aA]\\.[bB]', $options: 'i' } },
                { 'doc.summary': { $regex: '[aA]\\.[bB]', $options: 'i' } },
              ],
            },
          ],
        });
    });

    it('ignores an empty search term and matches nothing for a search without fields or a non-finite number', () => {
      expect(docFilter('pages', { search: { term: '', fields: ['title'] } })).to.deep.equal({ c: 'pages' });
      expect(docFilter('pages', { search: { term: 'x', fields: [] } })).to.deep.equal({ c: 'pages', _id: { $in: [] } });
      expect(docFilter('pages', { where: { rank: Number.NaN } })).to.deep.equal({ c: 'pages', _id: { $in: [] } });
    });

    it('bounds a range within the type of its bounds, and matches nothing for an impossible one', () => {
      expect(docFilter('log', { range: { position: { gt: 2, lte: 9 } } })).to.deep.equal({
        c: 'log',
        $and: [{ 'doc.position': { $type: 'number', $gt: 2, $lte: 9 } }],
      });
      expect(docFilter('log', { where: { actor: 'ann' }, range: { at: { gte: '2026-01-01' } } })).to.deep.equal({
        c: 'log',
        $and: [{ 'doc.at': { $type: 'string', $gte: '2026-01-01' } }, { 'doc.actor': 'ann' }],
      });
      expect(docFilter('log', { range: { position: { lt: Number.POSITIVE_INFINITY } } })).to.deep.equal({
        c: 'log',
        $and: [{ 'doc.position': { $type: 'number' } }],
      });
      expect(docFilter('log', { range: { position: { gt: 1, lt: 'x' } } })).to.deep.equal({ c: 'log', _id: { $in: [] } });
    });

    it('sorts by the field and then by id in the same direction, or by id alone', () => {
      expect(docSort(undefined)).to.deep.equal({ i: 1 });
      expect(docSort({ field: 'rank', direction: 'asc' })).to.deep.equal({ 'doc.rank': 1, i: 1 });
      expect(docSort({ field: 'rank', direction: 'desc' })).to.deep.equal({ 'doc.rank': -1, i: -1 });
    });

    it('refuses field names MongoDB would read as a path or an operator', () => {
      expect(docPath('title')).to.equal('doc.title');
      for (const field of ['a.b', '$where', '']) expect(() => docPath(field)).to.throw(TypeError);
    });
  });

  describe('when a driver error is classified', () => {
    it('calls network failures and primary changes unavailable, also inside a bulk write error', () => {
      const network = new MongoNetworkError('connect ECONNREFUSED 127.0.0.1:27017');
      expect(isUnavailable(network)).to.equal(true);
      expect(isUnavailable(new MongoServerError({ message: 'not primary', code: 10107 }))).to.equal(true);
      expect(isUnavailable(Object.assign(new Error('bulk write failed'), { errorResponse: network }))).to.equal(true);
    });

    it('leaves duplicate keys, bad queries and plain errors alone', () => {
      expect(isUnavailable(new MongoServerError({ message: 'E11000 duplicate key', code: 11000 }))).to.equal(false);
      expect(isUnavailable(new MongoServerError({ message: 'unknown operator', code: 2 }))).to.equal(false);
      expect(isUnavailable(new Error('nope'))).to.equal(false);
      expect(isUnavailable(undefined)).to.equal(false);
    });
  });
});
