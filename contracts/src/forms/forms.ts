import type { FormField, FormText } from './form-fields';

/**
 * The six public forms (spec section 1, issue 16), each declared once: its fields, texts, and
 * what a submission leads to. The site renders them from this and validates in the browser; the
 * server validates again with the same schema (form-schema.ts) and seals every value the visitor
 * typed with a key of the submitter's own (erasable by e-mail address).
 */

export const FORM_IDS = ['informationRequest', 'quoteRequest', 'download', 'newsletter', 'newsletterPopup', 'researchLicence'] as const;
export type FormId = (typeof FORM_IDS)[number];

export function isFormId(value: unknown): value is FormId {
  return typeof value === 'string' && (FORM_IDS as readonly string[]).includes(value);
}

export interface FormDefinition {
  id: FormId;
  /** What editors call it (admin texts are English). */
  adminLabel: string;
  /** The heading a form shows when its block gives none. */
  title: FormText;
  /** Said above the fields unless the form's settings give an intro of their own. */
  intro: FormText;
  /** The submit button. */
  submit: FormText;
  /** Shown after a good submission unless the settings give a text of their own. */
  thankYou: FormText;
  fields: readonly FormField[];
  /**
   * A privacy consent the visitor must give: where the law needs one (a newsletter: marketing by
   * e-mail; a download gated by the details given). The others show the privacy notice only:
   * answering a question someone asked is a legitimate interest of its own.
   */
  consent: boolean;
  /** A newsletter subscription: confirmed by a link mailed to the address (double opt-in). */
  doubleOptIn?: boolean;
  /** The visitor gets the file the page offers once the form is accepted. */
  deliversDownload?: boolean;
}

const name: FormField = { name: 'name', kind: 'text', label: { nl: 'Naam', en: 'Name' }, required: true, autocomplete: 'name', maxLength: 120 };
const organisation = (required: boolean): FormField => ({
  name: 'organisation',
  kind: 'text',
  label: { nl: 'Organisatie', en: 'Organisation' },
  required,
  autocomplete: 'organization',
  maxLength: 160,
});
const email: FormField = {
  name: 'email',
  kind: 'email',
  label: { nl: 'E-mailadres', en: 'E-mail address' },
  required: true,
  autocomplete: 'email',
  maxLength: 254,
};
const phone: FormField = {
  name: 'phone',
  kind: 'phone',
  label: { nl: 'Telefoonnummer', en: 'Phone number' },
  hint: { nl: 'Zodat we u kunnen bellen als dat sneller is.', en: 'So that we can call you when that is quicker.' },
  required: false,
  autocomplete: 'tel',
  maxLength: 30,
};

/** The consent box, when a form has one: always the last field. */
export const CONSENT_FIELD: FormField = {
  name: 'privacyConsent',
  kind: 'checkbox',
  label: {
    nl: 'Ik geef toestemming om mijn gegevens hiervoor te gebruiken, zoals beschreven in de privacyverklaring.',
    en: 'I agree to my details being used for this, as the privacy statement describes.',
  },
  required: true,
};

/** The honeypot: a field people never see or fill in (hidden with CSS and from assistive technology). */
export const HONEYPOT_FIELD = 'website';
/** When the form was shown (ms since 1970), sent back with it: a submission faster than a person can type is suspect. */
export const STARTED_FIELD = 'startedAt';
/** Less than this between showing a form and sending it: too fast for a person. */
export const MIN_FILL_MS = 3_000;

export const forms: Readonly<Record<FormId, FormDefinition>> = {
  informationRequest: {
    id: 'informationRequest',
    adminLabel: 'Information request',
    title: { nl: 'Informatie aanvragen', en: 'Request information' },
    intro: { nl: 'Stel uw vraag; we antwoorden binnen twee werkdagen.', en: 'Ask your question; we answer within two working days.' },
    submit: { nl: 'Vraag versturen', en: 'Send question' },
    thankYou: { nl: 'Bedankt voor uw vraag. We nemen binnen twee werkdagen contact met u op.', en: 'Thank you for your question. We will be in touch within two working days.' },
    fields: [name, organisation(false), email, phone, { name: 'question', kind: 'textarea', label: { nl: 'Uw vraag', en: 'Your question' }, required: true, maxLength: 5_000 }],
    consent: false,
  },
  quoteRequest: {
    id: 'quoteRequest',
    adminLabel: 'Quote request',
    title: { nl: 'Offerte aanvragen', en: 'Request a quote' },
    intro: { nl: 'Vertel ons over uw project; u krijgt binnen een week een voorstel.', en: 'Tell us about your project; you will have a proposal within a week.' },
    submit: { nl: 'Offerte aanvragen', en: 'Request a quote' },
    thankYou: { nl: 'Bedankt voor uw aanvraag. U hoort binnen een week van ons.', en: 'Thank you for your request. You will hear from us within a week.' },
    fields: [
      name,
      organisation(true),
      email,
      phone,
      { name: 'projectDescription', kind: 'textarea', label: { nl: 'Omschrijving van het project', en: 'Project description' }, required: true, maxLength: 5_000 },
      {
        name: 'budgetRange',
        kind: 'choice',
        label: { nl: 'Budget', en: 'Budget' },
        required: true,
        options: [
          { value: 'under-10k', label: { nl: 'Minder dan € 10.000', en: 'Less than €10,000' } },
          { value: '10k-25k', label: { nl: '€ 10.000 tot € 25.000', en: '€10,000 to €25,000' } },
          { value: '25k-50k', label: { nl: '€ 25.000 tot € 50.000', en: '€25,000 to €50,000' } },
          { value: '50k-100k', label: { nl: '€ 50.000 tot € 100.000', en: '€50,000 to €100,000' } },
          { value: 'over-100k', label: { nl: 'Meer dan € 100.000', en: 'More than €100,000' } },
          { value: 'unknown', label: { nl: 'Weet ik nog niet', en: 'Not known yet' } },
        ],
      },
      { name: 'desiredStart', kind: 'date', label: { nl: 'Gewenste startdatum', en: 'Desired start date' }, required: false },
    ],
    consent: false,
  },
  download: {
    id: 'download',
    adminLabel: 'Download',
    title: { nl: 'Download aanvragen', en: 'Request the download' },
    intro: { nl: 'Laat uw gegevens achter; daarna kunt u het bestand meteen downloaden.', en: 'Leave your details; you can then download the file at once.' },
    submit: { nl: 'Naar de download', en: 'Go to the download' },
    thankYou: { nl: 'Bedankt. Uw download staat klaar.', en: 'Thank you. Your download is ready.' },
    fields: [name, email, organisation(false)],
    consent: true,
    deliversDownload: true,
  },
  newsletter: {
    id: 'newsletter',
    adminLabel: 'Newsletter',
    title: { nl: 'Aanmelden voor de nieuwsbrief', en: 'Subscribe to the newsletter' },
    intro: { nl: 'Eens per maand ons nieuwste onderzoek en advies in uw mailbox.', en: 'Our latest research and advice in your inbox once a month.' },
    submit: { nl: 'Aanmelden', en: 'Subscribe' },
    thankYou: {
      nl: 'Bijna klaar: we hebben u een e-mail gestuurd. Bevestig uw aanmelding met de link daarin.',
      en: 'Almost done: we have sent you an e-mail. Confirm your subscription with the link in it.',
    },
    fields: [
      email,
      { ...name, required: false },
      {
        name: 'interests',
        kind: 'choices',
        label: { nl: 'Onderwerpen', en: 'Topics' },
        required: false,
        options: [
          { value: 'research', label: { nl: 'Onderzoek', en: 'Research' } },
          { value: 'advice', label: { nl: 'Advies', en: 'Advice' } },
          { value: 'events', label: { nl: 'Bijeenkomsten', en: 'Events' } },
          { value: 'vacancies', label: { nl: 'Vacatures', en: 'Vacancies' } },
        ],
      },
    ],
    consent: true,
    doubleOptIn: true,
  },
  newsletterPopup: {
    id: 'newsletterPopup',
    adminLabel: 'Newsletter popup',
    title: { nl: 'Blijf op de hoogte', en: 'Stay informed' },
    intro: { nl: 'Ontvang eens per maand onze nieuwsbrief.', en: 'Receive our newsletter once a month.' },
    submit: { nl: 'Aanmelden', en: 'Subscribe' },
    thankYou: { nl: 'Bedankt! Bevestig uw aanmelding met de link in de e-mail die we u stuurden.', en: 'Thank you! Confirm your subscription with the link in the e-mail we sent you.' },
    fields: [email],
    consent: true,
    doubleOptIn: true,
  },
  researchLicence: {
    id: 'researchLicence',
    adminLabel: 'Research licence application',
    title: { nl: 'Onderzoekslicentie aanvragen', en: 'Apply for a research licence' },
    intro: {
      nl: 'Vraag een licentie aan om onze publicaties of data te gebruiken voor uw onderzoek.',
      en: 'Apply for a licence to use our publications or data in your research.',
    },
    submit: { nl: 'Aanvraag versturen', en: 'Send application' },
    thankYou: { nl: 'Bedankt voor uw aanvraag. We beoordelen die binnen tien werkdagen.', en: 'Thank you for your application. We will assess it within ten working days.' },
    fields: [
      organisation(true),
      { name: 'contactPerson', kind: 'text', label: { nl: 'Contactpersoon', en: 'Contact person' }, required: true, autocomplete: 'name', maxLength: 120 },
      email,
      { name: 'dataset', kind: 'text', label: { nl: 'Publicatie of dataset', en: 'Publication or data set' }, required: true, maxLength: 300 },
      { name: 'intendedUse', kind: 'textarea', label: { nl: 'Beoogd gebruik', en: 'Intended use' }, required: true, maxLength: 5_000 },
      { name: 'periodStart', kind: 'date', label: { nl: 'Gebruik vanaf', en: 'Use from' }, required: true },
      { name: 'periodEnd', kind: 'date', label: { nl: 'Gebruik tot en met', en: 'Use until' }, required: true, notBefore: 'periodStart' },
      {
        name: 'licenceAgreement',
        kind: 'checkbox',
        label: { nl: 'Ik ga akkoord met de licentievoorwaarden.', en: 'I agree to the licence terms.' },
        required: true,
      },
    ],
    consent: false,
  },
};

/** Every field a visitor fills in on a form, the consent box last where it has one. */
export function fieldsOf(form: FormDefinition): readonly FormField[] {
  return form.consent ? [...form.fields, CONSENT_FIELD] : form.fields;
}

/** The privacy notice every form shows beside its submit button. */
export const PRIVACY_NOTICE: FormText = {
  nl: 'We gebruiken uw gegevens alleen hiervoor en bewaren ze niet langer dan nodig.',
  en: 'We use your details for this only and keep them no longer than needed.',
};
