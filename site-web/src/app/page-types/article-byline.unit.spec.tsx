import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PublicPageView } from '@pagelog/contracts/pages/page';
import { siteTexts } from '../language/site-texts';
import { ArticleByline } from './article-byline';
import { formatPublicationDate } from './publication-date';

function article(props: Record<string, unknown>, locale = 'nl-nl', type = 'article'): PublicPageView {
  return {
    slug: 'nieuws',
    type,
    locale,
    pageVersion: {
      pageID: 'p',
      versionID: 'v',
      title: 'Nieuws',
      seoTitle: '',
      seoDescription: '',
      seoKeywords: [],
      seoImage: [],
      blocks: [],
      pageType: { id: type, header: 'default', footer: 'default', props },
      images: [],
      files: [],
    },
  };
}

function byline(page: PublicPageView): string {
  return renderToStaticMarkup(<ArticleByline page={page} texts={siteTexts(page.locale)} />);
}

describe('formatPublicationDate', () => {
  it("writes the date out in the page's locale", () => {
    expect(formatPublicationDate('2026-03-12', 'nl-nl')).to.equal('12 maart 2026');
    expect(formatPublicationDate('2026-03-12', 'en-gb')).to.equal('12 March 2026');
    expect(formatPublicationDate('2026-03-12', 'de-de')).to.equal('12. März 2026');
    expect(formatPublicationDate('2026-03-12', 'fr-fr')).to.equal('12 mars 2026');
  });

  it('keeps the day whatever the time zone: the first of January stays the first', () => {
    expect(formatPublicationDate('2026-01-01', 'en-gb')).to.equal('1 January 2026');
  });

  it('gives nothing for a value that is not a calendar date', () => {
    for (const value of ['', '2026-02-30', '2026-13-01', '12-03-2026', '2026-03-12T10:00:00Z', 'gisteren', 20260312, null, undefined]) {
      expect(formatPublicationDate(value, 'nl-nl'), String(value)).to.equal(null);
    }
  });

  it('falls back to English words for a locale Intl does not know', () => {
    expect(formatPublicationDate('2026-03-12', '!!')).to.be.a('string').and.include('2026');
  });
});

describe('ArticleByline', () => {
  it('shows the author and the date in the page language, then the summary', () => {
    expect(byline(article({ author: 'Anna de Vries', publicationDate: '2026-03-12', summary: 'Wat we leerden.' }))).to.equal(
      '<div class="article-intro"><p class="article-byline">' +
        '<span class="article-byline__author">Door Anna de Vries</span>' +
        '<span class="article-byline__separator" aria-hidden="true"> · </span>' +
        '<time dateTime="2026-03-12">12 maart 2026</time></p>' +
        '<p class="article-summary">Wat we leerden.</p></div>',
    );
  });

  it('shows only what is set', () => {
    expect(byline(article({ author: 'Ann Smith', publicationDate: '', summary: '' }, 'en-gb'))).to.equal(
      '<div class="article-intro"><p class="article-byline"><span class="article-byline__author">By Ann Smith</span></p></div>',
    );
    expect(byline(article({ publicationDate: '2026-03-12' }, 'de-de'))).to.equal(
      '<div class="article-intro"><p class="article-byline"><time dateTime="2026-03-12">12. März 2026</time></p></div>',
    );
    expect(byline(article({ summary: 'Nur eine Zusammenfassung.' }, 'de-de'))).to.equal(
      '<div class="article-intro"><p class="article-summary">Nur eine Zusammenfassung.</p></div>',
    );
  });

  it('renders nothing for an article without any of them, or an invalid date alone', () => {
    expect(byline(article({}))).to.equal('');
    expect(byline(article({ author: '  ', publicationDate: '2026-02-30', summary: 3 }))).to.equal('');
  });

  it('renders nothing for another page type', () => {
    expect(byline(article({ author: 'Anna', publicationDate: '2026-03-12' }, 'nl-nl', 'base'))).to.equal('');
  });
});
