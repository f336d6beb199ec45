import { object, string } from 'yup';
import type { BlockTypeDefinition, PropMeta } from '../block-definition';
import { forms, type FormId } from '../../forms/forms';

/**
 * The public forms a page can hold (spec section 1, forms/forms.ts). The newsletter popup is not
 * among them: it opens over any page by itself, it is never placed.
 */
export const EMBEDDABLE_FORMS = ['informationRequest', 'quoteRequest', 'download', 'newsletter', 'researchLicence'] as const satisfies readonly FormId[];
export type EmbeddableForm = (typeof EMBEDDABLE_FORMS)[number];

/** What the admin calls each form. */
const formLabels = Object.fromEntries(EMBEDDABLE_FORMS.map((id) => [id, forms[id].adminLabel])) as Readonly<Record<EmbeddableForm, string>>;

/** One of the site's public forms, placed on the page with an optional title above it. */
export const formEmbedBlock = {
  id: 'formEmbed',
  label: 'Form',
  description: 'One of the site’s forms: information request, quote request, download, newsletter or research licence',
  icon: 'form',
  // Articles and publications too: a publication's download form gates its main download (gated-download.ts).
  pageTypes: ['base', 'home', 'article', 'publication', 'expertise', 'vacancy', 'contact', 'landing-page'],
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
