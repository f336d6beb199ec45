import { useEffect, useRef, useState } from 'react';
import type { Block } from '@pagelog/contracts/blocks/block';
import { videoEmbedUrl, type VideoProvider } from '@pagelog/contracts/media/media';
import { siteTexts } from '../language/site-texts';
import type { BlockContext } from './block-component';

/** The video as the block names it, when the provider and id are ones the library accepts. */
function videoOf(props: Record<string, unknown>): { provider: VideoProvider; videoId: string } | null {
  const { provider, videoId } = props;
  if (provider === 'youtube' && typeof videoId === 'string' && /^[A-Za-z0-9_-]{11}$/.test(videoId)) return { provider, videoId };
  if (provider === 'vimeo' && typeof videoId === 'string' && /^\d{1,12}$/.test(videoId)) return { provider, videoId };
  return null;
}

/** The video's page on the provider's own site: where the play link leads without JavaScript. */
function videoPageUrl(provider: VideoProvider, videoId: string): string {
  return provider === 'youtube' ? `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}` : `https://vimeo.com/${encodeURIComponent(videoId)}`;
}

/** The player, asked to start at once: the visitor has just pressed play. */
function playerUrl(provider: VideoProvider, videoId: string): string {
  const embed = videoEmbedUrl(provider, videoId);
  return `${embed}${embed.includes('?') ? '&' : '?'}autoplay=1`;
}

/**
 * A YouTube or Vimeo video, privacy first: the page asks nothing of the provider (no player, no
 * thumbnail) until the visitor presses play; then the player (youtube-nocookie.com,
 * player.vimeo.com) takes the button's place. Rendered on the server as a link to the video on
 * the provider's site, so it works without JavaScript; once hydrated, the link becomes a button.
 */
export function VideoBlock({ block, context }: { block: Block; context: BlockContext }) {
  const [hydrated, setHydrated] = useState(false);
  const [playing, setPlaying] = useState(false);
  const player = useRef<HTMLIFrameElement>(null);
  useEffect(() => setHydrated(true), []);
  // The button the keyboard was on is gone: the player takes the focus.
  useEffect(() => {
    if (playing) player.current?.focus();
  }, [playing]);

  const video = videoOf(block.props);
  if (video === null) return null;
  const title = typeof block.props.title === 'string' && block.props.title.trim() !== '' ? block.props.title.trim() : 'Video';
  const label = `${siteTexts(context.locale).playVideo}: ${title}`;
  const face = (
    <>
      <span className="block-video__icon" aria-hidden="true" />
      <span className="block-video__title">{title}</span>
    </>
  );
  return (
    <figure className="block block-video">
      {playing ? (
        <iframe
          ref={player}
          className="block-video__player"
          src={playerUrl(video.provider, video.videoId)}
          title={title}
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : hydrated ? (
        <button type="button" className="block-video__play" aria-label={label} onClick={() => setPlaying(true)}>
          {face}
        </button>
      ) : (
        <a className="block-video__play" href={videoPageUrl(video.provider, video.videoId)} aria-label={label}>
          {face}
        </a>
      )}
    </figure>
  );
}
