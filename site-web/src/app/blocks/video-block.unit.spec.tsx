import { expect } from 'chai';
import { renderToString } from 'react-dom/server';
import type { Block } from '@pagelog/contracts/blocks/block';
import { islandModules } from '../../client/island-registry';
import { mountIslands } from '../../client/mount-islands';
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
  const problems: unknown[] = [];
  afterEach(() => {
    document.body.innerHTML = '';
    problems.length = 0;
  });

  /** The block as the server renders it, then with its island started as the site's page starts it. */
  async function started(block: Block, locale = 'en-gb'): Promise<HTMLElement> {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<BlockList blocks={[block]} pageID="page-1" locale={locale} />);
    document.body.appendChild(container);
    await mountIslands(document, islandModules, (...args) => void problems.push(args));
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

  it('becomes a play button once its island starts, still without any request to the provider, and names it in the page language', async () => {
    const page = await started(video({}));
    const button = page.querySelector('button')!;

    expect(problems).to.deep.equal([]);
    expect(page.querySelector('a')).to.equal(null);
    expect(button.getAttribute('aria-label')).to.equal('Play video: Ons verhaal');
    expect(button.textContent).to.equal('Ons verhaal');
    expect(page.innerHTML).not.to.match(providerRequests);
    document.body.innerHTML = '';
    expect((await started(video({}), 'nl-nl')).querySelector('button')!.getAttribute('aria-label')).to.equal('Video afspelen: Ons verhaal');
  });

  it('puts the privacy-friendly YouTube player in the place of the button when pressed, titled, starting at once and focused', async () => {
    const page = await started(video({}));
    page.querySelector('button')!.click();

    const frame = page.querySelector('iframe')!;
    expect(page.querySelector('button')).to.equal(null);
    expect(frame.getAttribute('src')).to.equal('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    expect(frame.getAttribute('title')).to.equal('Ons verhaal');
    expect(document.activeElement).to.equal(frame);
  });

  it('plays a Vimeo video from player.vimeo.com without tracking', async () => {
    const page = await started(video({ provider: 'vimeo', videoId: '76979871', link: 'https://vimeo.com/76979871' }));
    expect(page.querySelector('button')!.getAttribute('aria-label')).to.equal('Play video: Ons verhaal');
    page.querySelector('button')!.click();

    expect(page.querySelector('iframe')!.getAttribute('src')).to.equal('https://player.vimeo.com/video/76979871?dnt=1&autoplay=1');
  });

  it('leaves the link as it is when the props name no video the library accepts', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<BlockList blocks={[video({})]} pageID="page-1" locale="en-gb" />);
    container.querySelector('figure')!.setAttribute('data-island-props', JSON.stringify({ provider: 'youtube', videoId: '"><script>', title: 'x' }));
    document.body.appendChild(container);
    await mountIslands(document, islandModules);

    expect(container.querySelector('a.block-video__play')).not.to.equal(null);
    expect(container.querySelector('button, iframe')).to.equal(null);
  });

  it('renders nothing for a provider or id the library does not accept', () => {
    for (const props of [{ provider: 'dailymotion' }, { videoId: '../../evil' }, { provider: 'vimeo', videoId: 'abc' }]) {
      expect(renderToString(<BlockList blocks={[video(props)]} pageID="page-1" />), JSON.stringify(props)).to.equal('');
    }
  });
});
