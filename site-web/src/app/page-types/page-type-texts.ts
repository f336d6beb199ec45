import { interfaceLanguage } from '@pagelog/contracts/locales';

/**
 * The site's own words around the page types' data (what editors do not write), in one language;
 * beside site-texts.ts, which holds the words of the header, the footer and the blocks.
 */
export interface PageTypeTexts {
  /** Before a publication's authors. */
  authors: string;
  /** Before the date a publication appeared. */
  published: string;
  /** A publication's main download, before its file name: "Download: report.pdf". */
  download: string;
  /** A vacancy's facts. */
  location: string;
  hoursPerWeek: string;
  closingDate: string;
  /** A vacancy after its closing date. */
  closed: string;
  /** Open vacancies: applying is possible until the closing date. */
  open: string;
  /** The heading of a contact page's details from the site settings. */
  contactDetails: string;
  /** A team member's contact details. */
  contactMember: string;
  /** An overview's pagination. */
  pagination: string;
  previous: string;
  next: string;
  /** "Page 2", for a link to a page of the list. */
  pageNumber: (page: number) => string;
  /** "Page 2 of 5", said about the list. */
  pageOf: (page: number, count: number) => string;
  /** An overview without any published page of its type. */
  nothingYet: string;
  /** An overview's page past the last one. */
  noSuchPage: string;
  firstPage: string;
  /** The list could not be read just now. */
  listUnavailable: string;
}

const en: PageTypeTexts = {
  authors: 'Authors',
  published: 'Published',
  download: 'Download',
  location: 'Location',
  hoursPerWeek: 'Hours per week',
  closingDate: 'Closing date',
  closed: 'Closed',
  open: 'Open for applications',
  contactDetails: 'Contact details',
  contactMember: 'Contact',
  pagination: 'Pagination',
  previous: 'Previous',
  next: 'Next',
  pageNumber: (page) => `Page ${page}`,
  pageOf: (page, count) => `Page ${page} of ${count}`,
  nothingYet: 'Nothing has been published here yet.',
  noSuchPage: 'This page of the list does not exist.',
  firstPage: 'Go to the first page',
  listUnavailable: 'The list cannot be shown right now. Please try again later.',
};

const texts: Readonly<Record<string, PageTypeTexts>> = {
  nl: {
    authors: 'Auteurs',
    published: 'Gepubliceerd',
    download: 'Downloaden',
    location: 'Locatie',
    hoursPerWeek: 'Uren per week',
    closingDate: 'Sluitingsdatum',
    closed: 'Gesloten',
    open: 'Open voor sollicitaties',
    contactDetails: 'Contactgegevens',
    contactMember: 'Contact',
    pagination: 'Paginering',
    previous: 'Vorige',
    next: 'Volgende',
    pageNumber: (page) => `Pagina ${page}`,
    pageOf: (page, count) => `Pagina ${page} van ${count}`,
    nothingYet: 'Hier is nog niets gepubliceerd.',
    noSuchPage: 'Deze pagina van de lijst bestaat niet.',
    firstPage: 'Naar de eerste pagina',
    listUnavailable: 'De lijst kan nu niet worden getoond. Probeer het later opnieuw.',
  },
  en,
  de: {
    authors: 'Autoren',
    published: 'Veröffentlicht',
    download: 'Herunterladen',
    location: 'Standort',
    hoursPerWeek: 'Stunden pro Woche',
    closingDate: 'Bewerbungsschluss',
    closed: 'Geschlossen',
    open: 'Bewerbungen möglich',
    contactDetails: 'Kontaktdaten',
    contactMember: 'Kontakt',
    pagination: 'Seitennavigation',
    previous: 'Zurück',
    next: 'Weiter',
    pageNumber: (page) => `Seite ${page}`,
    pageOf: (page, count) => `Seite ${page} von ${count}`,
    nothingYet: 'Hier wurde noch nichts veröffentlicht.',
    noSuchPage: 'Diese Seite der Liste gibt es nicht.',
    firstPage: 'Zur ersten Seite',
    listUnavailable: 'Die Liste kann gerade nicht angezeigt werden. Bitte versuchen Sie es später erneut.',
  },
  fr: {
    authors: 'Auteurs',
    published: 'Publié le',
    download: 'Télécharger',
    location: 'Lieu',
    hoursPerWeek: 'Heures par semaine',
    closingDate: 'Date limite',
    closed: 'Clôturée',
    open: 'Candidatures ouvertes',
    contactDetails: 'Coordonnées',
    contactMember: 'Contact',
    pagination: 'Pagination',
    previous: 'Précédent',
    next: 'Suivant',
    pageNumber: (page) => `Page ${page}`,
    pageOf: (page, count) => `Page ${page} sur ${count}`,
    nothingYet: 'Rien n’a encore été publié ici.',
    noSuchPage: 'Cette page de la liste n’existe pas.',
    firstPage: 'Aller à la première page',
    listUnavailable: 'La liste ne peut pas être affichée pour le moment. Veuillez réessayer plus tard.',
  },
};

/** The page types' words in the interface language of a locale (as siteTexts); English for a language without its own. */
export function pageTypeTexts(locale: string): PageTypeTexts {
  const language = interfaceLanguage(locale.trim().toLowerCase());
  return Object.hasOwn(texts, language) ? texts[language]! : en;
}
