import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Block } from '@pagelog/contracts/blocks/block';
import { BlockList, pageAnchors } from './block-list';

const block = (type: string, props: Record<string, unknown>, anchorPoint = ''): Block => ({ type, key: `${type}-${anchorPoint}`, props, anchorPoint });
const render = (blocks: Block[], locale = 'nl-nl') => renderToStaticMarkup(<BlockList blocks={blocks} locale={locale} />);

describe('the quote block', () => {
  it('renders a figure with the quotation and, in its caption, the person and role', () => {
    expect(render([block('quote', { text: 'Meten is weten.', person: 'Heike Kamerlingh Onnes', role: 'natuurkundige' })])).to.equal(
      '<figure class="block block-quote">' +
        '<blockquote class="block-quote__text"><p>Meten is weten.</p></blockquote>' +
        '<figcaption class="block-quote__source"><span class="block-quote__person">Heike Kamerlingh Onnes</span><span class="block-quote__role">natuurkundige</span></figcaption>' +
        '</figure>',
    );
  });

  it('leaves out the caption without a person, and renders nothing without words', () => {
    expect(render([block('quote', { text: 'Alleen woorden.', person: '', role: 'rol' })])).not.to.include('figcaption');
    expect(render([block('quote', { text: '  ' })])).to.equal('');
  });

  it('escapes what the editor wrote', () => {
    expect(render([block('quote', { text: '<script>alert(1)</script>', person: '<b>x</b>' })])).not.to.match(/<script|<b>/);
  });
});

describe('the key figures block', () => {
  it('renders a list of figures: number and unit, then what they count', () => {
    const html = render([block('keyFigures', { title: 'In cijfers', figures: [{ number: '87', unit: '%', label: 'tevreden opdrachtgevers' }, { number: '1.200', unit: '', label: 'onderzoeken' }] })]);
    expect(html).to.equal(
      '<section class="block block-figures"><h2 class="block-figures__title">In cijfers</h2><ul class="block-figures__list">' +
        '<li class="block-figures__item"><span class="block-figures__number">87<span class="block-figures__unit"> %</span></span> <span class="block-figures__label">tevreden opdrachtgevers</span></li>' +
        '<li class="block-figures__item"><span class="block-figures__number">1.200</span> <span class="block-figures__label">onderzoeken</span></li>' +
        '</ul></section>',
    );
  });

  it('skips a stored figure without a number or label, and renders nothing without figures', () => {
    const html = render([block('keyFigures', { figures: [{ number: '', label: 'leeg' }, 'geen object', null, { number: '3', label: 'vestigingen' }] })]);
    expect(html.match(/<li/g)).to.have.length(1);
    expect(html).to.include('vestigingen');
    expect(render([block('keyFigures', { figures: 'geen lijst' })])).to.equal('');
  });
});

describe('the questions and answers block', () => {
  it('renders each question as a details element whose summary is the question', () => {
    const html = render([block('faq', { title: 'Veelgestelde vragen', items: [{ question: 'Wat kost een offerte?', answer: 'Niets.\n\nWe sturen hem binnen een week.' }] })]);
    expect(html).to.equal(
      '<section class="block block-faq"><h2 class="block-faq__title">Veelgestelde vragen</h2>' +
        '<details class="block-faq__item"><summary class="block-faq__question">Wat kost een offerte?</summary>' +
        '<div class="block-faq__answer"><p>Niets.</p><p>We sturen hem binnen een week.</p></div></details>' +
        '</section>',
    );
  });

  it('skips a question without an answer', () => {
    expect(render([block('faq', { items: [{ question: 'Leeg?', answer: ' ' }] })])).to.equal('');
  });
});

describe('the anchor menu block', () => {
  const page = [
    block('anchorMenu', { title: '' }),
    block('heading', { text: 'Onze aanpak', level: 2 }, 'aanpak'),
    block('text', { html: '<p>tekst</p>' }),
    block('callToAction', { title: 'Contact opnemen', buttonText: 'Mail', url: '/contact' }, 'contact'),
    block('text', { html: '<p>zonder titel</p>' }, 'meer'),
  ];

  it('names each anchor by its block\'s title or text, else by the anchor, in the page\'s order', () => {
    expect(pageAnchors(page)).to.deep.equal([
      { id: 'aanpak', label: 'Onze aanpak' },
      { id: 'contact', label: 'Contact opnemen' },
      { id: 'meer', label: 'meer' },
    ]);
  });

  it('links to them in a navigation landmark named in the page\'s language, and the anchors are there to land on', () => {
    const html = render(page);
    expect(html).to.include('<nav class="block block-anchor-menu" aria-label="Op deze pagina"><ul class="block-anchor-menu__list"><li><a href="#aanpak">Onze aanpak</a></li><li><a href="#contact">Contact opnemen</a></li><li><a href="#meer">meer</a></li></ul></nav>');
    for (const id of ['aanpak', 'contact', 'meer']) expect(html).to.include(`id="${id}"`);
    expect(render(page, 'en-gb')).to.include('aria-label="On this page"');
  });

  it('takes its title as heading and name, and renders nothing on a page without anchors', () => {
    const titled = render([block('anchorMenu', { title: 'Inhoud' }), block('heading', { text: 'Een', level: 2 }, 'een')]);
    expect(titled).to.include('<nav class="block block-anchor-menu" aria-label="Inhoud"><h2 class="block-anchor-menu__title">Inhoud</h2>');
    expect(render([block('anchorMenu', {}), block('heading', { text: 'Geen anker', level: 2 })])).not.to.include('<nav');
  });
});

describe('the image with text block', () => {
  const hash = '0123456789abcdef'.repeat(4);
  const withText = (props: Record<string, unknown>, images: Block['__images'] = []): Block => ({ type: 'imageWithText', key: 'mt', props: { html: '<p>Onze <strong>aanpak</strong></p>', imagePosition: 'left', externalUrl: '', alt: '', ...props }, anchorPoint: '', __images: images });

  it('puts the image first and the text beside it, on the side asked for', () => {
    // (The first image of a page loads at once: React adds its preload link in front.)
    const html = render([withText({ externalUrl: '/assets/site/example-site/team.svg', alt: 'Het team', imagePosition: 'right' })]).replace(/^<link rel="preload"[^>]*>/, '');
    expect(html).to.match(/^<div class="block block-media-text block-media-text--right"><div class="block-media-text__media"><img src="\/assets\/site\/example-site\/team.svg" alt="Het team"[^>]*><\/div><div class="block-media-text__text"><p>Onze <strong>aanpak<\/strong><\/p><\/div><\/div>$/);
    expect(render([withText({ externalUrl: '/a.png', imagePosition: 'boven' })])).to.include('block-media-text--left');
  });

  it('shows a library image through the page\'s file address, and an unsafe external address not at all', () => {
    const library = render([withText({}, [{ hash, fileName: 'team.jpg', altText: 'Het team', fileID: 'f1' }])]);
    expect(library).to.include('alt="Het team"');
    expect(library).to.include(hash);
    const unsafe = render([withText({ externalUrl: 'javascript:alert(1)' })]);
    expect(unsafe).to.not.match(/<img|javascript/);
    expect(unsafe).to.include('block-media-text__text');
  });
});
