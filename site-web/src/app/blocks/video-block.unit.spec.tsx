import { expect } from 'chai';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { Block } from '@pagelog/contracts/blocks/block';
import { BlockList } from './block-list';

const video = (props: Record<string, unknown>): Block => ({
  type: 'video',
  key: 'film',
  props: { provider: 'youtube', videoId: 'dQw4w9WgXcQ', title: 'Ons verhaal', link: 'https://youtu.be/dQw4w9WgXcQ', ...props },
  anchorPoint: '',
});

/** Anything that would make the browser ask the provider for something: a player, a frame, a thumbnail. */
const providerRequests = /<iframe|youtube-nocookie|player\.vimeo|ytimg|vimeocdn|\ssrc=/i;

describe('the video block', () => {
  const mounted: { root: Root; container: HTMLElement }[] = [];
  /** What React found the server's markup to differ in from the browser's render, or could not hydrate. */
  let mismatches: unknown[] = [];
  const consoleError = console.error;
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  before(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  });
  after(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
  });
  afterEach(() => {
    console.error = consoleError;
    mismatches = [];
    for (const { root, container } of mounted.splice(0)) {
      act(() => root.unmount());
      container.remove();
    }
  });

  /** The block as the server renders it, then hydrated in the browser as the site's page is. */
  async function hydrated(block: Block, locale = 'en-gb'): Promise<HTMLElement> {
    const element = <BlockList blocks={[block]} pageID="page-1" locale={locale} />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(element);
    document.body.appendChild(container);
    console.error = (...args: unknown[]) => void mismatches.push(args);
    await act(async () => {
      mounted.push({ root: hydrateRoot(container, element, { onRecoverableError: (error) => void mismatches.push(error) }), container });
    });
    console.error = consoleError;
    return container;
  }

  it('renders on the server a link to the video on its provider, named "Play video: <title>", and nothing loaded from the provider', () => {
    const html = renderToString(<BlockList blocks={[video({})]} pageID="page-1" locale="en-gb" />);

    expect(html).not.to.match(providerRequests);
    const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html') as unknown as Document;
    const link = doc.querySelector('figure.block-video a')!;
    expect(link.getAttribute('aria-label')).to.equal('Play video: Ons verhaal');
    expect(link.getAttribute('href')).to.equal('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(link.textContent).to.equal('Ons verhaal');
  });

  it('becomes a play button once hydrated, still without any request to the provider, and names it in the page language', async () => {
    const page = await hydrated(video({}));
    const button = page.querySelector('button')!;

    expect(mismatches).to.deep.equal([]);
    expect(button.getAttribute('aria-label')).to.equal('Play video: Ons verhaal');
    expect(page.innerHTML).not.to.match(providerRequests);
    expect((await hydrated(video({}), 'nl-nl')).querySelector('button')!.getAttribute('aria-label')).to.equal('Video afspelen: Ons verhaal');
  });

  it('puts the privacy-friendly YouTube player in the place of the button when pressed, titled, starting at once and focused', async () => {
    const page = await hydrated(video({}));
    await act(async () => page.querySelector('button')!.click());

    const frame = page.querySelector('iframe')!;
    expect(page.querySelector('button')).to.equal(null);
    expect(frame.getAttribute('src')).to.equal('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    expect(frame.getAttribute('title')).to.equal('Ons verhaal');
    expect(document.activeElement).to.equal(frame);
  });

  it('plays a Vimeo video from player.vimeo.com without tracking', async () => {
    const page = await hydrated(video({ provider: 'vimeo', videoId: '76979871', link: 'https://vimeo.com/76979871' }));
    expect(page.querySelector('a, button')!.getAttribute('aria-label')).to.equal('Play video: Ons verhaal');
    await act(async () => page.querySelector('button')!.click());

    expect(page.querySelector('iframe')!.getAttribute('src')).to.equal('https://player.vimeo.com/video/76979871?dnt=1&autoplay=1');
  });

  it('renders nothing for a provider or id the library does not accept', () => {
    for (const props of [{ provider: 'dailymotion' }, { videoId: '../../evil' }, { provider: 'vimeo', videoId: 'abc' }]) {
      expect(renderToString(<BlockList blocks={[video(props)]} pageID="page-1" />), JSON.stringify(props)).to.equal('');
    }
  });
});
