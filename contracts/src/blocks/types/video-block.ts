import { object, string } from 'yup';
import { parseVideoLink, type VideoProvider } from '../../media/media';
import type { BlockTypeDefinition, PropMeta } from '../block-definition';

const providers: readonly VideoProvider[] = ['youtube', 'vimeo'];

/** The id forms parseVideoLink accepts, per provider. */
const videoIdPatterns: Record<VideoProvider, RegExp> = { youtube: /^[A-Za-z0-9_-]{11}$/, vimeo: /^\d{1,12}$/ };

/**
 * A YouTube or Vimeo video, as a video item of the media library names it: provider, id, the
 * title it is announced by (the play button's accessible name) and the link it was added by.
 * The public site loads nothing from the provider until the visitor asks for the video.
 */
export const videoBlock = {
  id: 'video',
  label: 'Video',
  description: 'A YouTube or Vimeo video, loaded only when the visitor plays it',
  icon: 'video',
  pageTypes: ['base', 'home', 'article', 'publication', 'expertise', 'team-member', 'vacancy', 'landing-page'],
  props: object({
    provider: string()
      .label('Provider')
      .required('V_01')
      .oneOf(providers as VideoProvider[], 'V_12')
      .default('youtube')
      .meta({ widget: 'select' } satisfies PropMeta),
    videoId: string()
      .label('Video id')
      .required('V_01')
      .max(32, 'V_12')
      .test('video-id', 'V_12', function (value) {
        const provider = (this.parent as { provider?: unknown }).provider;
        return value === undefined || !(providers as unknown[]).includes(provider) || videoIdPatterns[provider as VideoProvider].test(value);
      })
      .meta({ searchable: false } satisfies PropMeta),
    title: string().label('Title').required('V_01').max(254, 'V_11'),
    // Must name the same video, so the block never says one video and plays another.
    link: string()
      .label('Video link')
      .default('')
      .max(2048, 'V_14')
      .test('video-link', 'ML_10', function (value) {
        if (value === undefined || value.trim() === '') return true;
        const parsed = parseVideoLink(value);
        const { provider, videoId } = this.parent as { provider?: unknown; videoId?: unknown };
        return parsed !== null && parsed.provider === provider && parsed.videoId === videoId;
      })
      .meta({ hint: 'The address of the video on YouTube or Vimeo' } satisfies PropMeta),
  }),
} as const satisfies BlockTypeDefinition<'video'>;
