import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Block } from '@pagelog/contracts/blocks/block';
import type { PublicPageCard } from '@pagelog/contracts/pages/page';
import { axeViolations, documentAround, nuCheckerProblems } from '../../testing/markup-checks';
import { BlockList, type BlockListProps } from './block-list';

const card = (pageID: string, title: string, more: Partial<PublicPageCard> = {}): PublicPageCard => ({
  pageID,
  locale: 'nl-nl',
  type: 'article',
  slug: pageID,
  path: `/${pageID}`,
  title,
  summary: `Over ${title.toLowerCase()}.`,
  image: null,
  date: '2026-03-02',
  ...more,
});

/** A cards block as the server prepared it: the cards it read are in `cards`. */
const cards = (props: Record<string, unknown>): Block => ({ type: 'cards', key: 'cards', props: { title: 'Lees ook', mode: 'chosen', pageIDs: [], pageType: '', count: 3, ...props }, anchorPoint: '' });
const render = (blocks: Block[], props: Partial<BlockListProps> = {}) => renderToStaticMarkup(<BlockList blocks={blocks} pageID="page-1" locale="nl-nl" defaultLocale="nl-nl" {...props} />);
const two = [card('energie', 'Energie in cijfers'), card('wonen', 'Wonen in 2030', { summary: '' })];

describe('the cards block', () => {
  it('renders its title and a list of cards, each a heading one level down that links to its page', () => {
    const html = render([cards({ cards: two })]);
    expect(html).to.match(/^<section class="block block-cards" aria-labelledby="[^"]+"><h2 id="[^"]+" class="block-cards__title">Lees ook<\/h2><ul class="block-cards__list">/);
    expect(html).to.include('<li class="block-cards__item"><article class="page-card"><h3 class="page-card__title"><a class="page-card__link" href="/energie">Energie in cijfers</a></h3>');
    expect(html).to.include('<a class="page-card__link" href="/wonen">Wonen in 2030</a>');
    expect(html).to.include('Over energie in cijfers.');
    expect(html.match(/<li /g)).to.have.length(2);
  });

  it('without a title, its cards take the level a title would have taken', () => {
    const html = render([cards({ title: '', cards: two })]);
    expect(html).not.to.include('block-cards__title');
    expect(html).not.to.include('aria-labelledby');
    expect(html).to.include('<h2 class="page-card__title">');
  });

  it('renders nothing when nothing was chosen or nothing of it is live', () => {
    expect(render([cards({ cards: [] })])).to.equal('');
    expect(render([cards({})])).to.equal('');
    expect(render([cards({ cards: 'x' })])).to.equal('');
  });

  it('leaves out a card that is not one (a path the link rule refuses, fields missing)', () => {
    const html = render([cards({ cards: [card('a', 'Goed'), { ...card('b', 'Kwaad'), path: 'javascript:alert(1)' }, { pageID: 'c' }] })]);
    expect(html).to.include('Goed');
    expect(html).not.to.match(/Kwaad|javascript/);
  });

  it('is valid HTML with no WCAG A or AA violations, with and without a title', async () => {
    const markups = [render([cards({ cards: two })]), render([cards({ title: '', cards: two })])];
    const problems = await nuCheckerProblems(markups.map((markup) => documentAround(markup)));
    expect(problems).to.deep.equal([[], []]);
    for (const markup of markups) expect(await axeViolations(markup)).to.deep.equal([]);
  });
});
