import { playerUrl, videoOf } from '../../app/blocks/video-source';

/**
 * The video block's island (app/blocks/video-block.tsx): the server renders a link to the video
 * on its provider's site; this turns it into a button that, when pressed, puts the privacy-first
 * player (youtube-nocookie.com, player.vimeo.com) in its place, titled, starting at once and
 * focused (the button the keyboard was on is gone). Nothing is asked of the provider before that.
 */
export function mount(root: HTMLElement, props: Readonly<Record<string, unknown>>): void {
  const link = root.querySelector<HTMLAnchorElement>('a.block-video__play');
  const video = videoOf(props);
  if (link === null || video === null) return;
  const title = typeof props.title === 'string' ? props.title : '';

  const button = root.ownerDocument.createElement('button');
  button.type = 'button';
  button.className = link.className;
  button.setAttribute('aria-label', link.getAttribute('aria-label') ?? title);
  button.append(...link.childNodes);
  link.replaceWith(button);

  button.addEventListener(
    'click',
    () => {
      const frame = root.ownerDocument.createElement('iframe');
      frame.className = 'block-video__player';
      frame.src = playerUrl(video.provider, video.videoId);
      frame.title = title;
      frame.allow = 'autoplay; encrypted-media; fullscreen; picture-in-picture';
      frame.allowFullscreen = true;
      frame.referrerPolicy = 'strict-origin-when-cross-origin';
      button.replaceWith(frame);
      frame.focus();
    },
    { once: true },
  );
}
