import { expect } from 'chai';
import type { Block } from '@pagelog/contracts/blocks/block';
import type { PageStreamEvent } from '@pagelog/contracts/events/page-events';
import type { StoredEvent } from '@pagelog/storage/event-store/load-stream';
import { pageTagIds, searchDocuments, type TagInfo } from './search-document';

const pageId = 'p-1';
const text = (html: string): Block => ({ type: 'text', key: html.slice(3, 8), props: { html }, anchorPoint: '' });

/** A page's stream: events in order, each a day after the one before (from 2026-01-01). */
function stream(...events: PageStreamEvent[]): StoredEvent<PageStreamEvent>[] {
  return events.map(
    (e, i) =>
      ({
        ...e,
        id: `e-${i}`,
        stream: `page-${pageId}`,
        revision: i + 1,
        position: 100 + i,
        metadata: { actorId: 'u', correlationId: 'c', causationId: 'c', occurredAt: new Date(Date.UTC(2026, 0, 1 + i, 9)).toISOString(), schemaVersion: 1 },
      }) as StoredEvent<PageStreamEvent>,
  );
}

const created = (type = 'article', typeData: Record<string, unknown> = {}): PageStreamEvent => ({
  type: 'PageCreated',
  data: { pageId, translationGroupId: 'g', type, locale: 'nl-nl', title: 'Eerste titel', slug: 'onderzoek', content: '', typeData, versionId: 'v1', copiedFrom: null },
});
const stored = (title: string, blocks: Block[], seoDescription = ''): PageStreamEvent => ({
  type: 'PageVersionStored',
  data: { pageId, versionId: 'v1', title, blocks, seoTitle: '', seoDescription, seoKeywords: [], seoImage: [] },
});
const published: PageStreamEvent = { type: 'PagePublished', data: { pageId, versionId: 'v1', slug: 'onderzoek', locale: 'nl-nl' } };
const unpublished: PageStreamEvent = { type: 'PageUnpublished', data: { pageId, versionId: 'v1', slug: 'onderzoek', locale: 'nl-nl' } };
const tagged = (...tags: string[]): PageStreamEvent => ({ type: 'PageTagsChanged', data: { pageId, locale: 'nl-nl', tags, added: tags, removed: [] } });

const tagTable: Record<string, TagInfo> = {
  klimaat: { name: 'Klimaat', visibility: 'public', locale: 'nl-nl' },
  intern: { name: 'Nog nakijken', visibility: 'private', locale: 'nl-nl' },
  oud: { name: 'Oud', visibility: 'public', locale: 'nl-nl', merged: true },
};
const tags = (id: string) => tagTable[id];

describe('the search documents of a page', () => {
  describe('when it was never published', () => {
    const docs = searchDocuments(stream(created(), stored('Concept over water', [text('<p>Geheim concept</p>')], 'Nog niet af')), tags);

    it('is not in the public target', () => {
      expect(docs.public).to.equal(null);
    });

    it('is in the admin target by its draft title and slug only', () => {
      expect(docs.admin).to.deep.equal({ id: pageId, locale: 'nl-nl', pageType: 'article', title: 'Concept over water', slug: 'onderzoek', description: '', body: '', tags: [], date: null });
    });
  });

  describe('when it is published', () => {
    const events = stream(
      created('publication', {}),
      stored('Adviezen over water', [{ type: 'heading', key: 'h', props: { text: 'Wat we vonden', level: 2 }, anchorPoint: '' }, text('<p>Het <b>onderzoek</b> &amp; de adviezen.</p>')], 'Een rapport over water.'),
      {
        type: 'PageSettingsStored',
        data: {
          pageId,
          versionId: 'v1',
          anchor: '',
          typeData: { authors: 'A. de Vries', publicationDate: '2025-11-30', summary: 'Samenvatting van het rapport.', mainDownload: { hash: 'f'.repeat(64), fileName: 'water-rapport.pdf', size: 3 } },
        },
      },
      tagged('klimaat', 'intern', 'oud', 'onbekend'),
      published,
    );
    const docs = searchDocuments(events, tags);

    it('is in the public target with its live title, description, body, type and locale', () => {
      expect(docs.public).to.deep.include({ id: pageId, locale: 'nl-nl', pageType: 'publication', slug: 'onderzoek', title: 'Adviezen over water', description: 'Een rapport over water.' });
    });

    it('has every block\'s text and the type data\'s words in its body, one per line', () => {
      expect(docs.public!.body).to.equal('A. de Vries\nSamenvatting van het rapport.\nwater rapport\nWat we vonden\nHet onderzoek & de adviezen.');
    });

    it('is dated by the publication date its type data names', () => {
      expect(docs.public!.date).to.equal('2025-11-30');
    });

    it('carries only its public tags, by their names, and never a private one', () => {
      expect(docs.public!.tags).to.deep.equal([{ id: 'klimaat', name: 'Klimaat' }]);
      expect(JSON.stringify(docs.public)).to.not.include('Nog nakijken');
    });

    it('carries its private tags in the admin target, merged and unknown ones left out', () => {
      expect(docs.admin!.tags).to.deep.equal([
        { id: 'klimaat', name: 'Klimaat' },
        { id: 'intern', name: 'Nog nakijken' },
      ]);
    });

    it('names the tags it carries, whatever they are', () => {
      expect(pageTagIds(events)).to.deep.equal(['klimaat', 'intern', 'oud', 'onbekend']);
    });
  });

  describe('when a new draft follows the publication', () => {
    const docs = searchDocuments(
      stream(created(), stored('Gepubliceerd', [text('<p>Oude tekst</p>')]), published, { type: 'PageDraftStarted', data: { pageId, versionId: 'v2', basedOnVersionId: 'v1' } }, stored('Nieuw concept', [text('<p>Nieuwe tekst</p>')])),
      tags,
    );

    it('keeps the published version in the public target', () => {
      expect(docs.public).to.deep.include({ title: 'Gepubliceerd', body: 'Oude tekst' });
    });

    it('shows the new draft\'s title in the admin target', () => {
      expect(docs.admin!.title).to.equal('Nieuw concept');
    });

    it('puts the new draft live once it is published', () => {
      const later = searchDocuments(
        stream(created(), stored('Gepubliceerd', [text('<p>Oude tekst</p>')]), published, stored('Nieuw concept', [text('<p>Nieuwe tekst</p>')]), published),
        tags,
      );
      expect(later.public).to.deep.include({ title: 'Nieuw concept', body: 'Nieuwe tekst' });
    });
  });

  describe('when it is unpublished', () => {
    it('leaves the public target and stays in the admin one', () => {
      const docs = searchDocuments(stream(created(), stored('Weg', []), published, unpublished), tags);
      expect(docs.public).to.equal(null);
      expect(docs.admin!.title).to.equal('Weg');
    });

    it('keeps the day it first went live as its date when it comes back', () => {
      // Created on 1 January, published on the 3rd, unpublished on the 4th, published again on the 5th.
      const docs = searchDocuments(stream(created(), stored('Terug', []), published, unpublished, published), tags);
      expect(docs.public!.date).to.equal('2026-01-03');
    });
  });

  describe('when it is deleted', () => {
    it('is in neither target', () => {
      const docs = searchDocuments(stream(created(), stored('Weg', []), published, { type: 'PageDeleted', data: { pageId, locale: 'nl-nl', slug: 'onderzoek', translationGroupId: 'g' } }), tags);
      expect(docs).to.deep.equal({ public: null, admin: null });
    });
  });

  describe('when page-level properties change after the publication', () => {
    it('follows a slug change and a tag change at once in both targets', () => {
      const docs = searchDocuments(
        stream(created(), stored('Titel', []), published, { type: 'PageSlugChanged', data: { pageId, locale: 'nl-nl', slug: 'nieuw-adres', previousSlug: 'onderzoek', updateLinks: false } }, tagged('klimaat')),
        tags,
      );
      expect(docs.public).to.deep.include({ slug: 'nieuw-adres', tags: [{ id: 'klimaat', name: 'Klimaat' }] });
      expect(docs.admin!.slug).to.equal('nieuw-adres');
    });

    it('takes the draft\'s settings live only on publication, but older type data changes at once', () => {
      const settings: PageStreamEvent = { type: 'PageSettingsStored', data: { pageId, versionId: 'v2', anchor: '', typeData: { summary: 'Nieuwe samenvatting' } } };
      const before = searchDocuments(stream(created('article', { summary: 'Eerste samenvatting' }), stored('T', []), published, settings), tags);
      expect(before.public!.body).to.equal('Eerste samenvatting');
      const legacy: PageStreamEvent = { type: 'PageTypeDataChanged', data: { pageId, typeData: { summary: 'Meteen live' } } };
      const after = searchDocuments(stream(created('article', { summary: 'Eerste samenvatting' }), stored('T', []), published, legacy), tags);
      expect(after.public!.body).to.equal('Meteen live');
    });
  });

  it('answers nothing for a stream without a creation', () => {
    expect(searchDocuments(stream(published), tags)).to.deep.equal({ public: null, admin: null });
  });

  it('makes only the admin document when asked, the same as the full answer gives', () => {
    const events = stream(created(), stored('Alleen voor de beheerder', [text('<p>Tekst</p>')]), published);
    const both = searchDocuments(events, tags);
    expect(searchDocuments(events, tags, 'admin')).to.deep.equal({ public: null, admin: both.admin });
  });
});
