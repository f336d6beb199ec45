import { object, string } from 'yup';
import type { BlockTypeDefinition, PropMeta } from '../block-definition';

/** The longest one specialty may be, between the commas. */
const MAX_SPECIALTY_LENGTH = 80;

/**
 * The specialties of a team member as written in the one field that holds them: separated by
 * commas ("Mobiliteit, Energietransitie"), each trimmed, empty ones dropped. One text field
 * rather than a list of fields: a handful of short words is typed faster as a line.
 */
export function specialtiesOf(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * A LinkedIn profile address: https, its host linkedin.com or one of its subdomains
 * (nl.linkedin.com), with no user, port or anything a browser would strip or read as a slash.
 * Read with a pattern, not URL: contracts run where no URL global is typed.
 */
const linkedInUrl = /^https:\/\/(?:[a-z0-9-]+\.)*linkedin\.com(?:[/?#][^\s\\]*)?$/i;
const controls = /[\u0000-\u001f\u007f-\u009f]/;

export function isLinkedInUrl(value: string): boolean {
  const trimmed = value.trim();
  return !controls.test(trimmed) && linkedInUrl.test(trimmed);
}

/** A person's specialties, comma-separated (a team block's, a team member page's). */
export const specialtiesField = () =>
  string()
    .label('Specialties')
    .trim()
    .default('')
    .max(500, 'V_14')
    .test('each-short', 'V_14', (value) => specialtiesOf(value).every((part) => part.length <= MAX_SPECIALTY_LENGTH))
    .meta({ hint: 'Separated by commas, such as: Mobiliteit, Energietransitie' } satisfies PropMeta);

/** A person's LinkedIn profile: empty, or an https address on linkedin.com. */
export const linkedInUrlField = () =>
  string()
    .label('LinkedIn URL')
    .trim()
    .default('')
    .max(2048, 'V_14')
    .test('linkedin', 'V_13', (value) => value === undefined || value === '' || isLinkedInUrl(value))
    .meta({ hint: 'The https address of the profile on linkedin.com' } satisfies PropMeta);

/**
 * One team member (spec section 3, Team block): name, function, description, specialties and a
 * LinkedIn profile, with a photo from the media library (`__images[0]`). A team is a row of these
 * blocks: the public site sets consecutive ones side by side.
 */
export const teamBlock = {
  id: 'team',
  label: 'Team member',
  description: 'One person of the team with photo, function, specialties and LinkedIn; put several in a row for a team',
  icon: 'team',
  pageTypes: ['base', 'home', 'expertise', 'vacancy', 'contact', 'landing-page'],
  props: object({
    name: string().label('Name').trim().required('V_01').max(254, 'V_11'),
    function: string().label('Function').trim().default('').max(254, 'V_11'),
    description: string().label('Description').trim().default('').max(2000, 'V_14').meta({ widget: 'textarea' } satisfies PropMeta),
    specialties: specialtiesField(),
    linkedinUrl: linkedInUrlField(),
  }),
  media: { images: { label: 'Photo', min: 0, max: 1 } },
} as const satisfies BlockTypeDefinition<'team'>;
