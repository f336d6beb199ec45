import type { PageTypeId } from './page-type-ids';

/**
 * What names each page type to a person, on its own: page-types.ts adds the allowed blocks and the
 * typeData schema, and with them the block registry and yup. The admin's navigation needs only
 * these, so its first load stays free of the registry (which grows with every block type).
 */
export interface PageTypeLabels {
  id: PageTypeId;
  /** The type's pages, as the navigation names them ("Articles"). */
  label: string;
  /** One page of the type ("Article"), for a page's details and the new-page form. */
  singularLabel: string;
  /** One line for the new-page form. */
  description: string;
  /** The blank base type has no entry of its own in the admin navigation. */
  isBase?: boolean;
}

export const pageTypeLabels = {
  base: {
    id: 'base',
    label: 'Pages',
    singularLabel: 'Page',
    description: 'A blank page of any blocks (also the site\'s 404 pages)',
    isBase: true,
  },
  home: {
    id: 'home',
    label: 'Home pages',
    singularLabel: 'Home page',
    description: 'The front door of a language: a hero, what you do, and the latest pages',
  },
  article: {
    id: 'article',
    label: 'Articles',
    singularLabel: 'Article',
    description: 'News and insights, with an author, a date and a summary',
  },
  publication: {
    id: 'publication',
    label: 'Publications',
    singularLabel: 'Publication',
    description: 'A research report or paper: authors, date, summary and a main download',
  },
  expertise: {
    id: 'expertise',
    label: 'Expertise',
    singularLabel: 'Expertise page',
    description: 'A field you work in: what you do there, for whom, and who does it',
  },
  'team-member': {
    id: 'team-member',
    label: 'Team members',
    singularLabel: 'Team member',
    description: 'One person: photo, function, specialties, LinkedIn and how to reach them',
  },
  vacancy: {
    id: 'vacancy',
    label: 'Vacancies',
    singularLabel: 'Vacancy',
    description: 'A job opening with its location, hours per week and closing date',
  },
  contact: {
    id: 'contact',
    label: 'Contact pages',
    singularLabel: 'Contact page',
    description: "The organisation's contact details from the site settings, with blocks around them",
  },
  'landing-page': {
    id: 'landing-page',
    label: 'Landing pages',
    singularLabel: 'Landing page',
    description: 'A campaign page with a slim header',
  },
  overview: {
    id: 'overview',
    label: 'Overviews',
    singularLabel: 'Overview',
    description: 'The published pages of one type, newest first, a page of them at a time',
  },
} satisfies Record<PageTypeId, PageTypeLabels>;
