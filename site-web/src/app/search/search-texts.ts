import { interfaceLanguage } from '@pagelog/contracts/locales';
import { pageTypeLabels } from '@pagelog/contracts/pages/page-type-labels';
import type { PageTypeId } from '@pagelog/contracts/pages/page-type-ids';
import type { PaginationWords } from '../layout/pagination';

/**
 * The search results page's own words in one language, beside site-texts.ts (header, footer,
 * blocks) and page-type-texts.ts (the page types' data).
 */
export interface SearchTexts extends PaginationWords {
  /** The page's H1. */
  heading: string;
  /** The document's title: "Zoeken: onderzoek – Helder Onderzoek", or without the term before a search. */
  documentTitle: (term: string, siteName: string) => string;
  /** The name of the page's own search form (the header has one too). */
  formName: string;
  /** Under the form before anything was searched. */
  prompt: string;
  /** "12 resultaten voor “onderzoek”"; "12 resultaten" for a search by its filters alone (no words). */
  resultCount: (total: number, term: string) => string;
  /** "Geen resultaten voor “onderzoek”." */
  noResults: (term: string) => string;
  /** What to try instead, as a list under noResults: spelling, other words, a link without the filters, a link home. */
  suggestions: string;
  checkSpelling: string;
  otherWords: string;
  withoutFilters: string;
  homeLink: string;
  /** The filter form: its heading, its groups, its button, and the link that drops every filter. */
  filters: string;
  pageTypeFacet: string;
  tagFacet: string;
  applyFilters: string;
  clearFilters: string;
  /** A page of results past the last one. */
  noSuchPage: string;
  firstPage: string;
  /** The API refused the term as too long (V_14). */
  tooLong: (maxLength: number) => string;
  /** The API refused the search for another reason. */
  rejected: string;
  /** The search could not be done just now. */
  unavailable: string;
  /** One page of each type, as a result names its type ("Artikel"). */
  pageTypes: Record<PageTypeId, string>;
}

/** A term as a title or a sentence quotes it: a long one cut short. */
function quoted(term: string): string {
  return term.length > 80 ? `${term.slice(0, 80)}…` : term;
}

const number = (language: string) => new Intl.NumberFormat(language).format;
const nlNumber = number('nl');
const enNumber = number('en');
const deNumber = number('de');
const frNumber = number('fr');

const en: SearchTexts = {
  heading: 'Search',
  documentTitle: (term, siteName) => (term === '' ? `Search – ${siteName}` : `Search: ${quoted(term)} – ${siteName}`),
  formName: 'Search this site',
  prompt: 'Type one or more words and choose Search.',
  resultCount: (total, term) => `${enNumber(total)} ${total === 1 ? 'result' : 'results'}${term === '' ? '' : ` for “${quoted(term)}”`}`,
  noResults: (term) => (term === '' ? 'No results.' : `No results for “${quoted(term)}”.`),
  suggestions: 'To find what you are looking for:',
  checkSpelling: 'Check the spelling of your words.',
  otherWords: 'Use fewer words, or other words that mean the same.',
  withoutFilters: 'Search without filters',
  homeLink: 'Go to the home page',
  filters: 'Filter the results',
  pageTypeFacet: 'Type of page',
  tagFacet: 'Topics',
  applyFilters: 'Apply filters',
  clearFilters: 'Clear all filters',
  noSuchPage: 'There are not that many results.',
  firstPage: 'Go to the first results',
  tooLong: (maxLength) => `Your search is too long. Please use at most ${maxLength} characters.`,
  rejected: 'This search cannot be done. Please try other words.',
  unavailable: 'Search is not available right now. Please try again later.',
  pagination: 'Result pages',
  previous: 'Previous',
  next: 'Next',
  pageNumber: (page) => `Page ${page}`,
  pageOf: (page, count) => `Page ${page} of ${count}`,
  pageTypes: Object.fromEntries(Object.values(pageTypeLabels).map((type) => [type.id, type.singularLabel])) as Record<PageTypeId, string>,
};

const texts: Readonly<Record<string, SearchTexts>> = {
  nl: {
    heading: 'Zoeken',
    documentTitle: (term, siteName) => (term === '' ? `Zoeken – ${siteName}` : `Zoeken: ${quoted(term)} – ${siteName}`),
    formName: 'Zoeken op deze site',
    prompt: 'Typ een of meer woorden en kies Zoeken.',
    resultCount: (total, term) => `${nlNumber(total)} ${total === 1 ? 'resultaat' : 'resultaten'}${term === '' ? '' : ` voor “${quoted(term)}”`}`,
    noResults: (term) => (term === '' ? 'Geen resultaten.' : `Geen resultaten voor “${quoted(term)}”.`),
    suggestions: 'Zo vindt u misschien wel wat u zoekt:',
    checkSpelling: 'Controleer de spelling van uw woorden.',
    otherWords: 'Gebruik minder woorden, of andere woorden met dezelfde betekenis.',
    withoutFilters: 'Zoek zonder filters',
    homeLink: 'Naar de startpagina',
    filters: 'Resultaten filteren',
    pageTypeFacet: 'Soort pagina',
    tagFacet: 'Onderwerpen',
    applyFilters: 'Filters toepassen',
    clearFilters: 'Alle filters wissen',
    noSuchPage: 'Zoveel resultaten zijn er niet.',
    firstPage: 'Naar de eerste resultaten',
    tooLong: (maxLength) => `Uw zoekopdracht is te lang. Gebruik hoogstens ${maxLength} tekens.`,
    rejected: 'Met deze zoekopdracht kunnen we niet zoeken. Probeer het met andere woorden.',
    unavailable: 'Zoeken lukt op dit moment niet. Probeer het later opnieuw.',
    pagination: 'Pagina’s met resultaten',
    previous: 'Vorige',
    next: 'Volgende',
    pageNumber: (page) => `Pagina ${page}`,
    pageOf: (page, count) => `Pagina ${page} van ${count}`,
    pageTypes: {
      base: 'Pagina',
      home: 'Startpagina',
      article: 'Artikel',
      publication: 'Publicatie',
      expertise: 'Expertise',
      'team-member': 'Teamlid',
      vacancy: 'Vacature',
      contact: 'Contact',
      'landing-page': 'Landingspagina',
      overview: 'Overzicht',
    },
  },
  en,
  de: {
    heading: 'Suchen',
    documentTitle: (term, siteName) => (term === '' ? `Suchen – ${siteName}` : `Suchen: ${quoted(term)} – ${siteName}`),
    formName: 'Diese Website durchsuchen',
    prompt: 'Geben Sie ein oder mehrere Wörter ein und wählen Sie Suchen.',
    resultCount: (total, term) => `${deNumber(total)} ${total === 1 ? 'Ergebnis' : 'Ergebnisse'}${term === '' ? '' : ` für „${quoted(term)}“`}`,
    noResults: (term) => (term === '' ? 'Keine Ergebnisse.' : `Keine Ergebnisse für „${quoted(term)}“.`),
    suggestions: 'So finden Sie vielleicht, was Sie suchen:',
    checkSpelling: 'Prüfen Sie die Schreibweise Ihrer Wörter.',
    otherWords: 'Verwenden Sie weniger Wörter oder andere Wörter mit derselben Bedeutung.',
    withoutFilters: 'Ohne Filter suchen',
    homeLink: 'Zur Startseite',
    filters: 'Ergebnisse filtern',
    pageTypeFacet: 'Art der Seite',
    tagFacet: 'Themen',
    applyFilters: 'Filter anwenden',
    clearFilters: 'Alle Filter entfernen',
    noSuchPage: 'So viele Ergebnisse gibt es nicht.',
    firstPage: 'Zu den ersten Ergebnissen',
    tooLong: (maxLength) => `Ihre Suche ist zu lang. Bitte verwenden Sie höchstens ${maxLength} Zeichen.`,
    rejected: 'Diese Suche ist nicht möglich. Bitte versuchen Sie andere Wörter.',
    unavailable: 'Die Suche ist gerade nicht verfügbar. Bitte versuchen Sie es später erneut.',
    pagination: 'Ergebnisseiten',
    previous: 'Zurück',
    next: 'Weiter',
    pageNumber: (page) => `Seite ${page}`,
    pageOf: (page, count) => `Seite ${page} von ${count}`,
    pageTypes: {
      base: 'Seite',
      home: 'Startseite',
      article: 'Artikel',
      publication: 'Publikation',
      expertise: 'Fachgebiet',
      'team-member': 'Teammitglied',
      vacancy: 'Stellenangebot',
      contact: 'Kontakt',
      'landing-page': 'Landingpage',
      overview: 'Übersicht',
    },
  },
  fr: {
    heading: 'Rechercher',
    documentTitle: (term, siteName) => (term === '' ? `Rechercher – ${siteName}` : `Rechercher : ${quoted(term)} – ${siteName}`),
    formName: 'Rechercher sur ce site',
    prompt: 'Saisissez un ou plusieurs mots et choisissez Rechercher.',
    resultCount: (total, term) => `${frNumber(total)} ${total > 1 ? 'résultats' : 'résultat'}${term === '' ? '' : ` pour « ${quoted(term)} »`}`,
    noResults: (term) => (term === '' ? 'Aucun résultat.' : `Aucun résultat pour « ${quoted(term)} ».`),
    suggestions: 'Pour trouver ce que vous cherchez :',
    checkSpelling: 'Vérifiez l’orthographe de vos mots.',
    otherWords: 'Utilisez moins de mots, ou d’autres mots de même sens.',
    withoutFilters: 'Chercher sans filtres',
    homeLink: 'Aller à la page d’accueil',
    filters: 'Filtrer les résultats',
    pageTypeFacet: 'Type de page',
    tagFacet: 'Thèmes',
    applyFilters: 'Appliquer les filtres',
    clearFilters: 'Effacer tous les filtres',
    noSuchPage: 'Il n’y a pas autant de résultats.',
    firstPage: 'Aller aux premiers résultats',
    tooLong: (maxLength) => `Votre recherche est trop longue. Utilisez au plus ${maxLength} caractères.`,
    rejected: 'Cette recherche est impossible. Essayez d’autres mots.',
    unavailable: 'La recherche n’est pas disponible pour le moment. Veuillez réessayer plus tard.',
    pagination: 'Pages de résultats',
    previous: 'Précédent',
    next: 'Suivant',
    pageNumber: (page) => `Page ${page}`,
    pageOf: (page, count) => `Page ${page} sur ${count}`,
    pageTypes: {
      base: 'Page',
      home: 'Accueil',
      article: 'Article',
      publication: 'Publication',
      expertise: 'Expertise',
      'team-member': 'Membre de l’équipe',
      vacancy: 'Offre d’emploi',
      contact: 'Contact',
      'landing-page': 'Page d’atterrissage',
      overview: 'Vue d’ensemble',
    },
  },
};

/** The search page's words in the interface language of a locale (as siteTexts); English for a language without its own. */
export function searchTexts(locale: string): SearchTexts {
  const language = interfaceLanguage(locale.trim().toLowerCase());
  return Object.hasOwn(texts, language) ? texts[language]! : en;
}
