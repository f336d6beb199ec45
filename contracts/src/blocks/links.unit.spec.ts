import { expect } from 'chai';
import type { Block } from './block';
import { ANY_ORIGIN, blockLinks, internalLinks, internalPath, linkedPageIds, pageLinkKey, resolvePageLinks, rewriteLinks } from './links';

const text = (key: string, html: string): Block => ({ type: 'text', key, props: { html }, anchorPoint: '' });
const cta = (key: string, url: string): Block => ({ type: 'callToAction', key, props: { title: 'Go', buttonText: 'Go', url }, anchorPoint: '' });
const origin = 'https://www.voorbeeld.nl';

describe('internal links in blocks', () => {
  it('reads a path, a path with query and fragment, and a URL on the site origin as the same page', () => {
    expect(internalPath('/over-ons')).to.equal('/over-ons');
    expect(internalPath('/Over-Ons/?x=1#team')).to.equal('/over-ons');
    expect(internalPath(`${origin}/over-ons#team`, [origin])).to.equal('/over-ons');
    expect(internalPath(origin, [origin])).to.equal('/');
  });

  it('ignores other sites, protocol-relative URLs, mail and anchors', () => {
    for (const link of ['https://elders.nl/over-ons', '//elders.nl/over-ons', 'mailto:a@b.nl', '#team', 'over-ons']) {
      expect(internalPath(link, [origin]), link).to.equal(null);
    }
  });

  it('counts as internal only what the link rule takes: no `/\\host`, `\\\\host` or white space in disguise', () => {
    for (const link of ['/\\evil.example', '/\\\\evil.example', '\\\\evil.example', '/\t/evil.example', `${origin}\\@evil.example`, 'javascript:/over-ons']) {
      expect(internalPath(link, [origin]), JSON.stringify(link)).to.equal(null);
      expect(internalPath(link, [ANY_ORIGIN]), JSON.stringify(link)).to.equal(null);
    }
    // A percent-encoded backslash is an ordinary character of a path on this site, to a browser too.
    expect(internalPath('/%5Cevil.example')).to.equal('/%5cevil.example');
  });

  it('with ANY_ORIGIN reads the path of any http(s) URL (candidates for the link index)', () => {
    expect(internalPath('https://elders.nl/over-ons?x', [ANY_ORIGIN])).to.equal('/over-ons');
  });

  it('lists the paths of hrefs in rich text and of link props, once each', () => {
    const blocks = [text('t', '<p><a href="/over-ons">a</a> <a href=\'/en-gb/about#x\'>b</a> <a href="/over-ons">c</a></p>'), cta('c', '/contact')];
    expect(internalLinks(blocks)).to.have.members(['/over-ons', '/en-gb/about', '/contact']);
  });

  it('reads only the props the block type declares as links or HTML, not text that looks like a path', () => {
    const blocks: Block[] = [
      { type: 'heading', key: 'h', props: { text: '/over-ons', level: 2 }, anchorPoint: '' },
      { type: 'callToAction', key: 'c', props: { title: '/contact', text: '<a href="/prijzen">x</a>', buttonText: 'Go', url: '/vacatures' }, anchorPoint: '' },
      { type: 'image', key: 'i', props: { externalUrl: '/media/a.jpg', alt: '/alt', caption: '' }, anchorPoint: '' },
      { type: 'unknown', key: 'v', props: { url: '/onbekend' }, anchorPoint: '' },
    ];
    expect(internalLinks(blocks)).to.have.members(['/vacatures', '/media/a.jpg']);
    const { blocks: after, changed } = rewriteLinks(blocks, '/over-ons', '/elders');
    expect(changed).to.equal(false);
    expect(after).to.deep.equal(blocks);
  });

  it('reads hrefs as a browser does: unquoted, entity-encoded, and never one the link rule refuses', () => {
    const blocks = [text('t', '<a href=/over-ons>a</a><a HREF="&#47;contact">b</a><a href="/&#92;evil.example">c</a><a href="&#47;&#47;evil.example">d</a>')];
    expect(internalLinks(blocks, [ANY_ORIGIN])).to.have.members(['/over-ons', '/contact']);
  });

  it('rewrites an unquoted or entity-encoded href in double quotes, with the query as it was', () => {
    const blocks = [text('t', '<a href=/over-ons?a=1&amp;b=2>a</a> <a href=\'&#47;over-ons\'>b</a>')];
    const { blocks: after } = rewriteLinks(blocks, '/over-ons', '/wie-wij-zijn');
    expect(after[0]!.props.html).to.equal('<a href="/wie-wij-zijn?a=1&amp;b=2">a</a> <a href="/wie-wij-zijn">b</a>');
  });

  it('points every link to the moved page at its new path, keeping query and fragment, and nothing else', () => {
    const blocks = [
      text('t', '<p><a href="/over-ons#team">team</a> and <a class="x" href="/over-ons-2">other</a></p>'),
      cta('c', `${origin}/over-ons?ref=home`),
      cta('d', '/contact'),
    ];
    const { blocks: after, changed } = rewriteLinks(blocks, '/over-ons', '/wie-wij-zijn', [origin]);
    expect(changed).to.equal(true);
    expect(after[0]!.props.html).to.equal('<p><a href="/wie-wij-zijn#team">team</a> and <a class="x" href="/over-ons-2">other</a></p>');
    expect(after[1]!.props.url).to.equal('/wie-wij-zijn?ref=home');
    expect(after[2]).to.deep.equal(blocks[2]);
  });

  it('says when nothing changed and leaves the blocks as they were', () => {
    const blocks = [text('t', '<p>geen links</p>')];
    const result = rewriteLinks(blocks, '/over-ons', '/elders');
    expect(result.changed).to.equal(false);
    expect(result.blocks).to.deep.equal(blocks);
  });

  describe('by page id', () => {
    const blocks = [
      text('t', '<p><a href="page:p1#team">team</a>, <a href="/over-ons">ons</a> en <a href=page:p2>meer</a></p>'),
      cta('c', 'page:p3'),
      { type: 'image', key: 'i', props: { externalUrl: '/media/a.jpg', alt: '', caption: '' }, anchorPoint: '' } satisfies Block,
    ];

    it('are counted by the link index under the page, beside the paths', () => {
      expect(internalLinks(blocks, [ANY_ORIGIN])).to.have.members([pageLinkKey('p1'), '/over-ons', pageLinkKey('p2'), pageLinkKey('p3'), '/media/a.jpg']);
      expect(pageLinkKey('p1')).to.equal('page:p1');
    });

    it('are left alone when a page moves: they follow it without a rewrite', () => {
      const { blocks: after, changed } = rewriteLinks([cta('c', 'page:p3')], '/over-ons', '/elders');
      expect(changed).to.equal(false);
      expect(after[0]!.props.url).to.equal('page:p3');
    });

    it('are listed with the property they stand in, beside the other links (not images)', () => {
      expect(blockLinks(blocks)).to.deep.equal([
        { index: 0, property: 'blocks[0].props.html', widget: 'html', link: 'page:p1#team' },
        { index: 0, property: 'blocks[0].props.html', widget: 'html', link: '/over-ons' },
        { index: 0, property: 'blocks[0].props.html', widget: 'html', link: 'page:p2' },
        { index: 1, property: 'blocks[1].props.url', widget: 'link', link: 'page:p3' },
      ]);
      expect(linkedPageIds(blocks[0]!)).to.deep.equal(['p1', 'p2']);
    });

    it('resolve to where the page is now, the anchor kept; a page not live leaves no address behind', () => {
      const paths: Record<string, string> = { p1: '/over-ons/team', p3: '/contact' };
      const pathOf = (id: string) => paths[id] ?? null;
      expect(resolvePageLinks(blocks[0]!, pathOf).props.html).to.equal('<p><a href="/over-ons/team#team">team</a>, <a href="/over-ons">ons</a> en <a href=page:p2>meer</a></p>');
      expect(resolvePageLinks(blocks[1]!, pathOf).props.url).to.equal('/contact');
      expect(resolvePageLinks(cta('c', 'page:gone'), pathOf).props.url).to.equal('');
      // Nothing by id: the very same block.
      const plain = cta('c', '/contact');
      expect(resolvePageLinks(plain, pathOf)).to.equal(plain);
    });
  });
});
