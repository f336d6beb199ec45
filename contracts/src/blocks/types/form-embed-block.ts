import { object, string } from 'yup';
import type { BlockTypeDefinition, PropMeta } from '../block-definition';

/**
 * The public forms a page can hold (spec section 1), by the id the forms will have. The
 * newsletter popup is not among them: it opens over any page by itself, it is never placed.
 */
export const EMBEDDABLE_FORMS = ['informationRequest', 'quoteRequest', 'download', 'newsletter', 'researchLicence'] as const;
export type EmbeddableForm = (typeof EMBEDDABLE_FORMS)[number];

/** What the admin calls each form. */
const formLabels: Readonly<Record<EmbeddableForm, string>> = {
  informationRequest: 'Information request',
  quoteRequest: 'Quote request',
  download: 'Download',
  newsletter: 'Newsletter',
  researchLicence: 'Research licence application',
};

/**
 * One of the site's public forms, placed on the page with an optional title above it. The
 * forms themselves come with a later issue: until then the block is placed, configured and
 * validated, and the public site shows nothing for it.
 */
export const formEmbedBlock = {
  id: 'formEmbed',
  label: 'Form',
  description: 'One of the site’s forms: information request, quote request, download, newsletter or research licence',
  icon: 'form',
  pageTypes: ['base', 'home', 'expertise', 'vacancy', 'contact', 'landing-page'],
  props: object({
    form: string()
      .label('Form')
      .required('V_01')
      .oneOf([...EMBEDDABLE_FORMS], 'V_12')
      .default('informationRequest')
      .meta({ widget: 'select', optionLabels: formLabels } satisfies PropMeta),
    title: string().label('Title').trim().default('').max(254, 'V_11'),
  }),
} as const satisfies BlockTypeDefinition<'formEmbed'>;
