import type { Block } from '@pagelog/contracts/blocks/block';
import { islandRoot } from '../islands/island-root';
import { siteTexts } from '../language/site-texts';
import type { BlockContext } from './block-component';
import { videoOf, videoPageUrl, type VideoSource } from './video-source';

/** What the video island (client/islands/video-player.ts) needs to put the player in the link's place. */
export interface VideoIslandProps extends VideoSource {
  title: string;
}

/**
 * A YouTube or Vimeo video, privacy first: the page asks nothing of the provider (no player, no
 * thumbnail) until the visitor presses play; then the player (youtube-nocookie.com,
 * player.vimeo.com) takes the button's place. Rendered on the server as a link to the video on
 * the provider's site, so it works without JavaScript; the video island turns the link into a
 * button that plays the video in place.
 */
export function VideoBlock({ block, context }: { block: Block; context: BlockContext }) {
  const video = videoOf(block.props);
  if (video === null) return null;
  const title = typeof block.props.title === 'string' && block.props.title.trim() !== '' ? block.props.title.trim() : 'Video';
  const label = `${siteTexts(context.locale).playVideo}: ${title}`;
  const props: VideoIslandProps = { ...video, title };
  return (
    <figure className="block block-video" {...islandRoot('video', { ...props })}>
      <a className="block-video__play" href={videoPageUrl(video.provider, video.videoId)} aria-label={label}>
        <span className="block-video__icon" aria-hidden="true" />
        <span className="block-video__title">{title}</span>
      </a>
    </figure>
  );
}
