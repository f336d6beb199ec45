import { interfaceLanguage } from '@pagelog/contracts/locales';

/** The site's own words (everything on a page that editors do not write), in one language. */
export interface SiteTexts {
  skipToContent: string;
  /** The navigation landmark of the language switcher. */
  languageSwitcher: string;
  notFoundTitle: string;
  notFoundText: string;
  notFoundHomeLink: string;
  footerNote: string;
  /** Before an article's author: "Door Anna de Vries". */
  writtenBy: string;
  /** The accessible name of a video's play button, before its title: "Play video: Our story". */
  playVideo: string;
}

const en: SiteTexts = {
  skipToContent: 'Skip to content',
  languageSwitcher: 'Language',
  notFoundTitle: 'Page not found',
  notFoundText: 'The page you are looking for does not exist or is no longer published.',
  notFoundHomeLink: 'Go to the home page',
  footerNote: 'Published with Pagelog',
  writtenBy: 'By',
  playVideo: 'Play video',
};

const texts: Readonly<Record<string, SiteTexts>> = {
  nl: {
    skipToContent: 'Naar de inhoud',
    languageSwitcher: 'Taal',
    notFoundTitle: 'Pagina niet gevonden',
    notFoundText: 'De pagina die u zoekt bestaat niet of is niet meer gepubliceerd.',
    notFoundHomeLink: 'Naar de startpagina',
    footerNote: 'Gepubliceerd met Pagelog',
    writtenBy: 'Door',
    playVideo: 'Video afspelen',
  },
  en,
  de: {
    skipToContent: 'Zum Inhalt springen',
    languageSwitcher: 'Sprache',
    notFoundTitle: 'Seite nicht gefunden',
    notFoundText: 'Die gesuchte Seite existiert nicht oder ist nicht mehr veröffentlicht.',
    notFoundHomeLink: 'Zur Startseite',
    footerNote: 'Veröffentlicht mit Pagelog',
    writtenBy: 'Von',
    playVideo: 'Video abspielen',
  },
  fr: {
    skipToContent: 'Aller au contenu',
    languageSwitcher: 'Langue',
    notFoundTitle: 'Page introuvable',
    notFoundText: "La page que vous cherchez n'existe pas ou n'est plus publiée.",
    notFoundHomeLink: "Aller à la page d'accueil",
    footerNote: 'Publié avec Pagelog',
    writtenBy: 'Par',
    playVideo: 'Lire la vidéo',
  },
};

/**
 * The site's texts in the interface language of a locale (spec section 2: the page's locale with
 * any region suffix dropped); English for a language the site has no texts for.
 */
export function siteTexts(locale: string): SiteTexts {
  const language = interfaceLanguage(locale.trim().toLowerCase());
  return Object.hasOwn(texts, language) ? texts[language]! : en;
}
