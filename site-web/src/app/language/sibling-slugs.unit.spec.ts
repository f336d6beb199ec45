import { expect } from 'chai';
import type { SiblingSlug } from '@pagelog/contracts/pages/page';
import { readSiblingSlugs, siblingSlugsPath } from './sibling-slugs';

const nl: SiblingSlug = { pageID: 'p-nl', locale: 'nl-nl', slug: 'over-ons', path: '/over-ons', title: 'Over ons' };
const en: SiblingSlug = { pageID: 'p-en', locale: 'en-gb', slug: 'about-us', path: '/en-gb/about-us', title: 'About us' };

describe('readSiblingSlugs', () => {
  it('keeps the siblings in the order the API gives them', () => {
    expect(readSiblingSlugs([nl, en])).to.deep.equal([nl, en]);
    expect(readSiblingSlugs([en, nl])).to.deep.equal([en, nl]);
  });

  it('leaves out anything that is not a sibling with a path on this site', () => {
    const broken = [
      null,
      'nl-nl',
      { ...en, pageID: 7 },
      { ...en, locale: '' },
      { ...en, path: 'https://evil.test/en' },
      { ...en, path: '//evil.test/en' },
      { ...en, path: '/\\evil.test/en' },
      { ...en, path: 'javascript:alert(1)' },
      { ...en, path: '/en gb' },
    ];

    expect(readSiblingSlugs([...broken, nl])).to.deep.equal([nl]);
  });

  it('keeps one sibling per locale, and only the fields of a sibling', () => {
    expect(readSiblingSlugs([{ ...nl, secret: 'x' }, { ...nl, pageID: 'p-nl-2' }])).to.deep.equal([nl]);
  });

  it('tells a reply without a list by null', () => {
    expect(readSiblingSlugs({ pages: [nl] })).to.equal(null);
    expect(readSiblingSlugs(undefined)).to.equal(null);
    expect(readSiblingSlugs([])).to.deep.equal([]);
  });
});

describe('siblingSlugsPath', () => {
  it('puts the page id in the path, encoded', () => {
    expect(siblingSlugsPath('0190-ab')).to.equal('/api/cms/page/get-sibling-slugs/0190-ab');
    expect(siblingSlugsPath('a/../b?c')).to.equal('/api/cms/page/get-sibling-slugs/a%2F..%2Fb%3Fc');
  });
});
