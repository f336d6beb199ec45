import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SiblingSlug } from '@pagelog/contracts/pages/page';
import { LanguageSwitcher } from './language-switcher';

function sibling(pageID: string, locale: string, path: string): SiblingSlug {
  return { pageID, locale, slug: path.split('/').pop() ?? '', path, title: pageID };
}

/** The links as a visitor meets them: name, target, language and whether it is the current page. */
function links(html: string): string[] {
  return [...html.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map(([, attributes, name]) => {
    const attribute = (key: string) => new RegExp(`${key}="([^"]*)"`).exec(attributes!)?.[1] ?? '-';
    return `${name} ${attribute('href')} lang=${attribute('lang')} hreflang=${attribute('hrefLang')} current=${attribute('aria-current')}`;
  });
}

describe('LanguageSwitcher', () => {
  const nl = sibling('p-nl', 'nl-nl', '/over-ons');
  const en = sibling('p-en', 'en-gb', '/en-gb/about-us');
  const de = sibling('p-de', 'de-de', '/de-de/ueber-uns');

  it('is a navigation landmark named by the label, with a link per translation in its own language', () => {
    const html = renderToStaticMarkup(<LanguageSwitcher siblings={[nl, en, de]} currentPageID="p-en" label="Language" />);

    expect(html).to.match(/^<nav class="language-switcher" aria-label="Language">/);
    expect(links(html)).to.deep.equal([
      'Nederlands /over-ons lang=nl-NL hreflang=nl-NL current=-',
      'English /en-gb/about-us lang=en-GB hreflang=en-GB current=true',
      'Deutsch /de-de/ueber-uns lang=de-DE hreflang=de-DE current=-',
    ]);
  });

  it('marks no link as current when the page is not among them', () => {
    const html = renderToStaticMarkup(<LanguageSwitcher siblings={[nl, en]} currentPageID="p-other" label="Taal" />);

    expect(html).not.to.include('aria-current');
  });

  it('renders nothing for a page on its own or without siblings', () => {
    expect(renderToStaticMarkup(<LanguageSwitcher siblings={[nl]} currentPageID="p-nl" label="Taal" />)).to.equal('');
    expect(renderToStaticMarkup(<LanguageSwitcher siblings={[]} currentPageID="p-nl" label="Taal" />)).to.equal('');
  });

  it('tells two locales of one language apart by their region', () => {
    const html = renderToStaticMarkup(<LanguageSwitcher siblings={[sibling('a', 'en', '/en/a'), sibling('b', 'en-gb', '/a'), nl]} currentPageID="b" label="Language" />);

    expect(links(html).map((link) => link.split(' /')[0])).to.deep.equal(['English', 'English (GB)', 'Nederlands']);
  });

  it('escapes what the API sends', () => {
    const html = renderToStaticMarkup(<LanguageSwitcher siblings={[nl, sibling('x', 'xx"><b>', '/"><script>')]} currentPageID="p-nl" label={'<b>"'} />);

    expect(html).not.to.match(/<script|<b>/);
  });
});
