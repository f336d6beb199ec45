import { expect } from 'chai';
import type { PageTranslation } from '@pagelog/contracts/pages/page';
import { aBlock } from '../../../testing/pages';
import { plainText, sourceBlockFor, sourcePageOf } from './translation-source';

const sibling = (pageID: string, locale: string): PageTranslation => ({ pageID, locale, slug: pageID, title: pageID, status: 'concept', path: `/${pageID}` });

describe('the source of a translation', () => {
  const translations = [sibling('nl-page', 'nl-nl'), sibling('de-page', 'de-de')];

  it('is the page it was created from while that page is in its group', () => {
    const page = { locale: 'en-gb', translations, copiedFrom: { pageId: 'de-page', versionId: 'v', as: 'translation' as const } };
    expect(sourcePageOf(page, 'nl-nl')?.pageID).to.equal('de-page');
    expect(sourcePageOf({ ...page, translations: [translations[0]!] }, 'nl-nl')?.pageID).to.equal('nl-page');
  });

  it('is else the page in the site\'s default locale, and none for that page itself or a copy', () => {
    expect(sourcePageOf({ locale: 'en-gb', translations, copiedFrom: null }, 'nl-nl')?.pageID).to.equal('nl-page');
    expect(sourcePageOf({ locale: 'nl-nl', translations: [sibling('en-page', 'en-gb')], copiedFrom: null }, 'nl-nl')).to.equal(null);
    expect(sourcePageOf({ locale: 'en-gb', translations: [], copiedFrom: { pageId: 'x', versionId: 'v', as: 'duplicate' } }, 'nl-nl')).to.equal(null);
    expect(sourcePageOf({ locale: 'en-gb', translations, copiedFrom: null }, undefined)).to.equal(null);
  });
});

describe('the source block of a translated block', () => {
  const source = [aBlock({ key: 'a' }), aBlock({ key: 'b', type: 'text', props: { html: '<p>Tekst</p>' } }), aBlock({ key: 'c' })];

  it('has the same key, wherever it is now', () => {
    const blocks = [aBlock({ key: 'c' }), aBlock({ key: 'a' })];
    expect(sourceBlockFor(blocks[0]!, 0, blocks, source)?.key).to.equal('c');
    expect(sourceBlockFor(blocks[1]!, 1, blocks, source)?.key).to.equal('a');
  });

  it('is else in the same place and of the same type, unless another block of the translation has its key', () => {
    const blocks = [aBlock({ key: 'x' }), aBlock({ key: 'y' }), aBlock({ key: 'z' }), aBlock({ key: 'a' })];
    expect(sourceBlockFor(blocks[0]!, 0, blocks, source)).to.equal(null);
    // A heading where the source has rich text.
    expect(sourceBlockFor(blocks[1]!, 1, blocks, source)).to.equal(null);
    expect(sourceBlockFor(blocks[2]!, 2, blocks, source)?.key).to.equal('c');
    expect(sourceBlockFor(aBlock({ key: 'q' }), 7, blocks, source)).to.equal(null);
  });

  it('is none when the block with its key changed type', () => {
    expect(sourceBlockFor(aBlock({ key: 'b' }), 1, [aBlock({ key: 'b' })], source)).to.equal(null);
  });
});

describe('rich text as the translator reads it', () => {
  it('drops the tags and folds white space', () => {
    expect(plainText('<p>Wij zijn <b>Pagelog</b>.</p>\n<p>Welkom</p>')).to.equal('Wij zijn Pagelog. Welkom');
    expect(plainText('<h2>Kop</h2><ul><li>een</li><li>twee</li></ul><p>regel<br>regel</p>')).to.equal('Kop een twee regel regel');
  });
});
