import { object, string } from 'yup';
import type { BlockTypeDefinition } from '../block-definition';

/** Files from the media library to download (its block files, `__files`), under an optional title. */
export const downloadsBlock = {
  id: 'downloads',
  label: 'Downloads',
  description: 'Files from the media library to download',
  icon: 'downloads',
  pageTypes: ['base', 'article', 'publication', 'expertise', 'team-member', 'vacancy', 'landing-page'],
  props: object({
    title: string().label('Title').default('').max(254, 'V_11'),
  }),
  media: { files: { label: 'Files', min: 1, max: 50 } },
} as const satisfies BlockTypeDefinition<'downloads'>;
