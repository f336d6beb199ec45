import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Block } from '@pagelog/contracts/blocks/block';
import { BlockList } from './block-list';
import { safeHref } from './safe-href';

function cta(props: Record<string, unknown>): Block {
  return { type: 'callToAction', key: 'cta', props: { title: 'Samen verder?', text: 'Neem contact op.', buttonText: 'Contact', url: '/contact', style: 'primary', ...props }, anchorPoint: '' };
}

describe('the call-to-action block', () => {
  it('renders a section with the title, the text and a button-styled link', () => {
    expect(renderToStaticMarkup(<BlockList blocks={[cta({})]} />)).to.equal(
      '<section class="block block-cta block-cta--primary">' +
        '<h2 class="block-cta__title">Samen verder?</h2>' +
        '<p class="block-cta__text">Neem contact op.</p>' +
        '<p class="block-cta__action"><a class="button button--primary" href="/contact">Contact</a></p>' +
        '</section>',
    );
  });

  it('styles the button by the style, primary for anything unknown', () => {
    expect(renderToStaticMarkup(<BlockList blocks={[cta({ style: 'secondary' })]} />)).to.include('class="button button--secondary"');
    expect(renderToStaticMarkup(<BlockList blocks={[cta({ style: 'loud" onclick="x' })]} />)).to.include('class="button button--primary"');
  });

  it('leaves out the text when there is none', () => {
    expect(renderToStaticMarkup(<BlockList blocks={[cta({ text: '' })]} />)).not.to.include('block-cta__text');
  });

  for (const url of ['javascript:alert(1)', ' JavaScript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>', 'vbscript:x', '//evil.test/x', '/\\evil.test/x', '', 42]) {
    it(`renders no link for the target ${JSON.stringify(url)}, and keeps the rest`, () => {
      const html = renderToStaticMarkup(<BlockList blocks={[cta({ url })]} />);

      expect(html).not.to.match(/<a|href|script|evil/i);
      expect(html).to.include('<h2 class="block-cta__title">Samen verder?</h2>');
    });
  }

  it('links site paths, anchors, and http(s), mailto and tel URLs', () => {
    for (const url of ['/en-gb/about-us#team', '#contact', 'https://example.test/a?b=c', 'http://example.test', 'mailto:info@example.test', 'tel:+31201234567']) {
      expect(renderToStaticMarkup(<BlockList blocks={[cta({ url })]} />), url).to.include(`href="${url.replace(/&/g, '&amp;')}"`);
    }
  });
});

describe('safeHref', () => {
  it('trims what it keeps', () => {
    expect(safeHref('  /contact ')).to.equal('/contact');
  });

  it('refuses what a browser would take to another site or run', () => {
    for (const value of ['//evil.test', '/\\evil.test', '\\\\evil.test', 'javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:,x', 'file:///etc/passwd', 'contact', undefined, null]) {
      expect(safeHref(value), String(value)).to.equal(null);
    }
  });
});
