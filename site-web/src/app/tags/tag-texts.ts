import { interfaceLanguage } from '@pagelog/contracts/locales';

/**
 * The words of tags on the public site in one language: a tag page's heading, title and count, and
 * the label of a page's list of tags. Tags are called topics to visitors ("Onderwerpen", as the
 * search page's tag filter is). The list's pagination and messages are the overview's
 * (page-type-texts.ts).
 */
export interface TagTexts {
  /** A tag page's H1: "Onderwerp: Energietransitie". */
  heading: (name: string) => string;
  /** A tag page's description for search engines and link previews. */
  description: (name: string) => string;
  /** How many published pages carry the tag: "3 pagina's". */
  pageCount: (total: number) => string;
  /** The label of the list of a page's tags. */
  topics: string;
}

const count = (language: string) => new Intl.NumberFormat(language).format;
const nlNumber = count('nl');
const enNumber = count('en');
const deNumber = count('de');
const frNumber = count('fr');

const en: TagTexts = {
  heading: (name) => `Topic: ${name}`,
  description: (name) => `Everything published on the topic ${name}, newest first.`,
  pageCount: (total) => `${enNumber(total)} ${total === 1 ? 'page' : 'pages'}`,
  topics: 'Topics',
};

const texts: Readonly<Record<string, TagTexts>> = {
  nl: {
    heading: (name) => `Onderwerp: ${name}`,
    description: (name) => `Alles wat wij publiceerden over het onderwerp ${name}, het nieuwste eerst.`,
    pageCount: (total) => `${nlNumber(total)} ${total === 1 ? 'pagina' : 'pagina’s'}`,
    topics: 'Onderwerpen',
  },
  en,
  de: {
    heading: (name) => `Thema: ${name}`,
    description: (name) => `Alles, was zum Thema ${name} veröffentlicht wurde, das Neueste zuerst.`,
    pageCount: (total) => `${deNumber(total)} ${total === 1 ? 'Seite' : 'Seiten'}`,
    topics: 'Themen',
  },
  fr: {
    heading: (name) => `Thème : ${name}`,
    description: (name) => `Tout ce qui a été publié sur le thème ${name}, le plus récent d’abord.`,
    pageCount: (total) => `${frNumber(total)} ${total > 1 ? 'pages' : 'page'}`,
    topics: 'Thèmes',
  },
};

/** The tags' words in the interface language of a locale (as siteTexts); English for a language without its own. */
export function tagTexts(locale: string): TagTexts {
  const language = interfaceLanguage(locale.trim().toLowerCase());
  return Object.hasOwn(texts, language) ? texts[language]! : en;
}
