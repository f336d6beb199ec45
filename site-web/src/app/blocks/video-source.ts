import { videoEmbedUrl, type VideoProvider } from '@pagelog/contracts/media/media';

/** A video as a block names it: its provider and its id there. */
export interface VideoSource {
  provider: VideoProvider;
  videoId: string;
}

/** The video as the block (or the video island's props) names it, when the provider and id are ones the library accepts. */
export function videoOf(props: Readonly<Record<string, unknown>>): VideoSource | null {
  const { provider, videoId } = props;
  if (provider === 'youtube' && typeof videoId === 'string' && /^[A-Za-z0-9_-]{11}$/.test(videoId)) return { provider, videoId };
  if (provider === 'vimeo' && typeof videoId === 'string' && /^\d{1,12}$/.test(videoId)) return { provider, videoId };
  return null;
}

/** The video's page on the provider's own site: where the play link leads without JavaScript. */
export function videoPageUrl(provider: VideoProvider, videoId: string): string {
  return provider === 'youtube' ? `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}` : `https://vimeo.com/${encodeURIComponent(videoId)}`;
}

/** The player, asked to start at once: the visitor has just pressed play. */
export function playerUrl(provider: VideoProvider, videoId: string): string {
  const embed = videoEmbedUrl(provider, videoId);
  return `${embed}${embed.includes('?') ? '&' : '?'}autoplay=1`;
}
