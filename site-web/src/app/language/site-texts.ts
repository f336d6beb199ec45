import { interfaceLanguage } from '@pagelog/contracts/locales';

/** The site's own words (everything on a page that editors do not write), in one language. */
export interface SiteTexts {
  skipToContent: string;
  /** The navigation landmark of the language switcher. */
  languageSwitcher: string;
  /** The navigation landmark of the main menu. */
  mainMenu: string;
  /** The button that shows the menu on a narrow screen. */
  menuButton: string;
  /** A sub-menu's button, before the item's label: "Submenu: Expertise". */
  submenu: string;
  /** The navigation landmark of the breadcrumbs. */
  breadcrumbs: string;
  /** The home page as the first step of the breadcrumbs. */
  home: string;
  /** The search field's label, and its button. */
  search: string;
  /** The search field's placeholder (spec section 2). */
  searchPlaceholder: string;
  /** The navigation landmarks of the footer's two menus. */
  footerMenu: string;
  serviceMenu: string;
  /** The footer's headings. */
  contact: string;
  followUs: string;
  /** Before a phone number, an e-mail address and the chamber of commerce number. */
  phone: string;
  email: string;
  chamberOfCommerce: string;
  notFoundTitle: string;
  notFoundText: string;
  notFoundHomeLink: string;
  /** Before an article's author: "Door Anna de Vries". */
  writtenBy: string;
  /** The accessible name of a video's play button, before its title: "Play video: Our story". */
  playVideo: string;
  /** The navigation landmark of an anchor menu without a title of its own. */
  onThisPage: string;
  /** Above a team member's specialties. */
  specialties: string;
  /** The name of a table's scrolling region when the table has no caption. */
  table: string;
  /** The band at the top of a preview: what is shown is not (yet) the public page. */
  previewBanner: string;
  /** The band at the top of the site as of a past moment: when, and that it is read-only. */
  asOfBanner: string;
  /** The same band over the site as it will be at a moment: the present with what is scheduled by then. */
  asOfFutureBanner: string;
  /** The same band over a release's preview: the site now with the release's pages published. */
  asOfReleaseBanner: string;
  /** The band over a release's preview when the release could not be published as it stands: the site without it. */
  asOfReleaseNotReadyBanner: string;
  /** Its link back to the site as it is now. */
  asOfLeave: string;
}

const en: SiteTexts = {
  skipToContent: 'Skip to content',
  languageSwitcher: 'Language',
  mainMenu: 'Main menu',
  menuButton: 'Menu',
  submenu: 'Submenu',
  breadcrumbs: 'Breadcrumbs',
  home: 'Home',
  search: 'Search',
  searchPlaceholder: 'Search by keyword',
  footerMenu: 'Footer menu',
  serviceMenu: 'Service menu',
  contact: 'Contact',
  followUs: 'Follow us',
  phone: 'Phone',
  email: 'Email',
  chamberOfCommerce: 'Chamber of Commerce no.',
  notFoundTitle: 'Page not found',
  notFoundText: 'The page you are looking for does not exist or is no longer published.',
  notFoundHomeLink: 'Go to the home page',
  writtenBy: 'By',
  playVideo: 'Play video',
  onThisPage: 'On this page',
  specialties: 'Specialties',
  table: 'Table',
  previewBanner: 'Preview: this version is not published.',
  asOfBanner: 'You are viewing the site as it was on {at} (log position {position}). Read-only.',
  asOfFutureBanner: 'You are viewing the site as it will be on {at}, with what is scheduled by then. Read-only.',
  asOfReleaseBanner: 'You are previewing the release “{name}”: the site as it is now, with the release’s pages published. Read-only.',
  asOfReleaseNotReadyBanner: 'You are previewing the release “{name}”, which cannot be published as it stands (a page or menu changed since it was added, or is live already): the site as it is now, without it. Read-only.',
  asOfLeave: 'Back to the present',
};

const texts: Readonly<Record<string, SiteTexts>> = {
  nl: {
    skipToContent: 'Naar de inhoud',
    languageSwitcher: 'Taal',
    mainMenu: 'Hoofdmenu',
    menuButton: 'Menu',
    submenu: 'Submenu',
    breadcrumbs: 'Kruimelpad',
    home: 'Home',
    search: 'Zoeken',
    searchPlaceholder: 'Zoek op trefwoord',
    footerMenu: 'Voettekstmenu',
    serviceMenu: 'Servicemenu',
    contact: 'Contact',
    followUs: 'Volg ons',
    phone: 'Telefoon',
    email: 'E-mail',
    chamberOfCommerce: 'KvK-nummer',
    notFoundTitle: 'Pagina niet gevonden',
    notFoundText: 'De pagina die u zoekt bestaat niet of is niet meer gepubliceerd.',
    notFoundHomeLink: 'Naar de startpagina',
    writtenBy: 'Door',
    playVideo: 'Video afspelen',
    onThisPage: 'Op deze pagina',
    specialties: 'Specialismen',
    table: 'Tabel',
    previewBanner: 'Voorbeeld: deze versie is niet gepubliceerd.',
    asOfBanner: 'U bekijkt de site zoals die was op {at} (logpositie {position}). Alleen lezen.',
    asOfFutureBanner: 'U bekijkt de site zoals die zal zijn op {at}, met wat tot dan is gepland. Alleen lezen.',
    asOfReleaseBanner: 'U bekijkt een voorvertoning van de release ‘{name}’: de site zoals die nu is, met de pagina’s van de release gepubliceerd. Alleen lezen.',
    asOfReleaseNotReadyBanner: 'U bekijkt een voorvertoning van de release ‘{name}’, die zo niet gepubliceerd kan worden (een pagina of menu is gewijzigd sinds die werd toegevoegd, of staat al live): de site zoals die nu is, zonder de release. Alleen lezen.',
    asOfLeave: 'Terug naar nu',
  },
  en,
  de: {
    skipToContent: 'Zum Inhalt springen',
    languageSwitcher: 'Sprache',
    mainMenu: 'Hauptmenü',
    menuButton: 'Menü',
    submenu: 'Untermenü',
    breadcrumbs: 'Brotkrümelnavigation',
    home: 'Startseite',
    search: 'Suchen',
    searchPlaceholder: 'Nach Stichwort suchen',
    footerMenu: 'Fußzeilenmenü',
    serviceMenu: 'Servicemenü',
    contact: 'Kontakt',
    followUs: 'Folgen Sie uns',
    phone: 'Telefon',
    email: 'E-Mail',
    chamberOfCommerce: 'Handelsregisternummer',
    notFoundTitle: 'Seite nicht gefunden',
    notFoundText: 'Die gesuchte Seite existiert nicht oder ist nicht mehr veröffentlicht.',
    notFoundHomeLink: 'Zur Startseite',
    writtenBy: 'Von',
    playVideo: 'Video abspielen',
    onThisPage: 'Auf dieser Seite',
    specialties: 'Fachgebiete',
    table: 'Tabelle',
    previewBanner: 'Vorschau: diese Version ist nicht veröffentlicht.',
    asOfBanner: 'Sie sehen die Website, wie sie am {at} war (Protokollposition {position}). Nur lesen.',
    asOfFutureBanner: 'Sie sehen die Website, wie sie am {at} sein wird, mit allem, was bis dahin geplant ist. Nur lesen.',
    asOfReleaseBanner: 'Sie sehen eine Vorschau der Veröffentlichung „{name}“: die Website, wie sie jetzt ist, mit deren Seiten veröffentlicht. Nur lesen.',
    asOfReleaseNotReadyBanner: 'Sie sehen eine Vorschau der Veröffentlichung „{name}“, die so nicht veröffentlicht werden kann (eine Seite oder ein Menü wurde seit dem Hinzufügen geändert oder ist bereits live): die Website, wie sie jetzt ist, ohne sie. Nur lesen.',
    asOfLeave: 'Zurück zur Gegenwart',
  },
  fr: {
    skipToContent: 'Aller au contenu',
    languageSwitcher: 'Langue',
    mainMenu: 'Menu principal',
    menuButton: 'Menu',
    submenu: 'Sous-menu',
    breadcrumbs: "Fil d'Ariane",
    home: 'Accueil',
    search: 'Rechercher',
    searchPlaceholder: 'Rechercher par mot-clé',
    footerMenu: 'Menu de pied de page',
    serviceMenu: 'Menu de service',
    contact: 'Contact',
    followUs: 'Suivez-nous',
    phone: 'Téléphone',
    email: 'E-mail',
    chamberOfCommerce: "Numéro d'immatriculation",
    notFoundTitle: 'Page introuvable',
    notFoundText: "La page que vous cherchez n'existe pas ou n'est plus publiée.",
    notFoundHomeLink: "Aller à la page d'accueil",
    writtenBy: 'Par',
    playVideo: 'Lire la vidéo',
    onThisPage: 'Sur cette page',
    specialties: 'Spécialités',
    table: 'Tableau',
    previewBanner: 'Aperçu : cette version n’est pas publiée.',
    asOfBanner: 'Vous consultez le site tel qu’il était le {at} (position {position} du journal). Lecture seule.',
    asOfFutureBanner: 'Vous consultez le site tel qu’il sera le {at}, avec ce qui est programmé d’ici là. Lecture seule.',
    asOfReleaseBanner: 'Vous prévisualisez la publication groupée « {name} » : le site tel qu’il est, avec ses pages publiées. Lecture seule.',
    asOfReleaseNotReadyBanner: 'Vous prévisualisez la publication groupée « {name} », qui ne peut pas être publiée en l’état (une page ou un menu a changé depuis son ajout, ou est déjà en ligne) : le site tel qu’il est, sans elle. Lecture seule.',
    asOfLeave: 'Revenir au présent',
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
