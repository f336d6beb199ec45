import type { Block } from '@pagelog/contracts/blocks/block';
import type { Locale } from '@pagelog/contracts/locales';
import type { SiteContact } from '@pagelog/contracts/settings/site-settings';

/**
 * What the pages of the example site (./pages-nl.ts, ./pages-en.ts) are written with: their type,
 * the block builders and the organisation's contact details. ../example-pages.ts puts them together.
 */

/** The pages of the example site, one key per translation group. */
export type ExamplePageKey =
  | 'home'
  | 'about'
  | 'expertise'
  | 'energy'
  | 'care'
  | 'publications'
  | 'heat-network'
  | 'waiting-times'
  | 'evaluations'
  | 'contact'
  | 'privacy'
  | 'not-found';

/** The public path of an example page in a locale. */
export type PathTo = (key: ExamplePageKey) => string;

export interface ExamplePage {
  key: ExamplePageKey;
  locale: Locale;
  slug: string;
  type: 'base' | 'article' | 'landing-page';
  title: string;
  seoTitle?: string;
  seoDescription: string;
  seoKeywords: string[];
  /** An article's author, publication date and summary (contracts: the article page type). */
  typeData?: { author: string; publicationDate: string; summary: string };
  /** Its public tags by name (shown on the page, each with a tag page) and its private ones (the admin's only), made by the tag commands when the page is seeded. */
  tags?: readonly string[];
  privateTags?: readonly string[];
  blocks: (to: PathTo) => Block[];
}

/** Where the example site's pictures are: site-web/public/example-site, served with the site's files. */
export const picture = (name: string) => `/assets/site/example-site/${name}`;

export const heading = (key: string, text: string, level = 2, anchorPoint = ''): Block => ({ type: 'heading', key, props: { text, level }, anchorPoint });
export const imageWithText = (key: string, externalUrl: string, alt: string, html: string, imagePosition: 'left' | 'right' = 'left'): Block => ({
  type: 'imageWithText',
  key,
  props: { html, imagePosition, externalUrl, alt },
  anchorPoint: '',
});
export const quote = (key: string, words: string, person: string, role: string): Block => ({ type: 'quote', key, props: { text: words, person, role }, anchorPoint: '' });
/** Key figures, each [number, unit, label]. */
export const keyFigures = (key: string, title: string, figures: [string, string, string][]): Block => ({
  type: 'keyFigures',
  key,
  props: { title, figures: figures.map(([number, unit, label]) => ({ number, unit, label })) },
  anchorPoint: '',
});
/** Questions and answers, each [question, answer]. */
export const faq = (key: string, title: string, items: [string, string][]): Block => ({
  type: 'faq',
  key,
  props: { title, items: items.map(([question, answer]) => ({ question, answer })) },
  anchorPoint: '',
});
/** A table: its caption, then rows of cells, the first row its column headers. */
export const table = (key: string, caption: string, rows: string[][]): Block => ({ type: 'table', key, props: { caption, table: { headerRow: true, rows } }, anchorPoint: '' });
export const anchorMenu = (key: string, title = ''): Block => ({ type: 'anchorMenu', key, props: { title }, anchorPoint: '' });
export const formEmbed = (key: string, form: string, title = ''): Block => ({ type: 'formEmbed', key, props: { form, title }, anchorPoint: '' });
export const text = (key: string, html: string, anchorPoint = ''): Block => ({ type: 'text', key, props: { html }, anchorPoint });
export const image = (key: string, externalUrl: string, alt: string, caption = ''): Block => ({ type: 'image', key, props: { externalUrl, alt, caption }, anchorPoint: '' });
export const callToAction = (key: string, title: string, body: string, buttonText: string, url: string): Block => ({
  type: 'callToAction',
  key,
  props: { title, text: body, buttonText, url, style: 'primary' },
  anchorPoint: '',
});

/**
 * The example organisation's contact details as its pages state them: the site settings' seed
 * should give the same (the e-mail domain is a reserved example one).
 */
export const exampleContact: SiteContact = {
  streetAddress: 'Voorbeeldlaan 10',
  postalCode: '3511 AA',
  city: 'Utrecht',
  country: 'Nederland',
  phone: '030 123 45 67',
  email: 'info@onderzoeksbureau.example',
  chamberOfCommerceNumber: '12345678',
};

export const c = { ...exampleContact, phoneHref: 'tel:+31301234567' };
