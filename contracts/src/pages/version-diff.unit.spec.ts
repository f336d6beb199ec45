import { expect } from 'chai';
import fc from 'fast-check';
import type { Block } from '../blocks/block';
import type { VersionContent } from './page';
import { applyVersionDiff, diffVersions, sameVersions, textOfHtml, wordDiff } from './version-diff';

const text = (key: string, html: string): Block => ({ type: 'text', key, props: { html }, anchorPoint: '' });
const heading = (key: string, title: string, level = 2): Block => ({ type: 'heading', key, props: { text: title, level }, anchorPoint: '' });
const version = (blocks: Block[], title = 'Over ons'): VersionContent => ({ title, blocks, seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] }) as VersionContent;

/** A version in the shape the diff compares: each block's parts, normalised. */
const shape = (v: VersionContent) => ({
  ...v,
  blocks: v.blocks.map((b) => ({ key: b.key, type: b.type, props: b.props, anchorPoint: b.anchorPoint ?? '', images: b.__images ?? [], files: b.__files ?? [] })),
});

describe('comparing two versions of a page', () => {
  it('finds nothing between a version and itself', () => {
    const v = version([heading('h', 'Wie wij zijn'), text('t', '<p>Wij doen onderzoek.</p>')]);
    const diff = diffVersions(v, JSON.parse(JSON.stringify(v)) as VersionContent);
    expect(sameVersions(diff)).to.equal(true);
    expect(diff.blocks.map((b) => b.kind)).to.deep.equal(['unchanged', 'unchanged']);
  });

  it('shows a block that changed place as a move, not as a removal and an addition', () => {
    const a = heading('a', 'A');
    const b = heading('b', 'B');
    const c = heading('c', 'C');
    const d = heading('d', 'D');
    const diff = diffVersions(version([a, b, c, d]), version([a, c, d, b]));
    expect(diff.summary).to.deep.equal({ added: 0, removed: 0, changed: 0, moved: 1, fields: 0 });
    expect(diff.blocks.map((x) => [x.key, x.kind, x.moved, x.from, x.to])).to.deep.equal([
      ['a', 'unchanged', false, 0, 0],
      ['c', 'unchanged', false, 2, 1],
      ['d', 'unchanged', false, 3, 2],
      ['b', 'unchanged', true, 1, 3],
    ]);
  });

  it('shows added and removed blocks where they are and were', () => {
    const diff = diffVersions(version([heading('a', 'A'), text('old', '<p>Weg</p>'), heading('c', 'C')]), version([heading('a', 'A'), heading('c', 'C'), text('new', '<p>Nieuw</p>')]));
    expect(diff.blocks.map((x) => [x.key, x.kind])).to.deep.equal([
      ['a', 'unchanged'],
      ['old', 'removed'],
      ['c', 'unchanged'],
      ['new', 'added'],
    ]);
    expect(diff.summary).to.include({ added: 1, removed: 1 });
  });

  it('names each changed prop with its values, and rich text word by word without its markup', () => {
    const diff = diffVersions(version([text('t', '<p>Wij doen <strong>onafhankelijk</strong> onderzoek.</p>')]), version([text('t', '<p>Wij doen <em>zorgvuldig</em> onderzoek voor gemeenten.</p>')]));
    const [block] = diff.blocks;
    expect(block!.kind).to.equal('changed');
    expect(block!.props.map((p) => [p.name, p.label])).to.deep.equal([['html', 'Text']]);
    const words = block!.props[0]!.words!;
    expect(words.filter((w) => w.kind === 'removed').map((w) => w.text.trim())).to.deep.equal(['onafhankelijk']);
    expect(words.filter((w) => w.kind === 'added').map((w) => w.text.trim()).join(' ')).to.include('zorgvuldig').and.include('voor gemeenten');
    expect(words.map((w) => w.text).join('')).to.not.include('<');
  });

  it('names the page fields that changed, and a block whose images changed', () => {
    const image = { hash: 'a'.repeat(64), fileName: 'a.jpg', altText: 'Oud', fileID: 'm1' };
    const before = version([{ type: 'image', key: 'i', props: { externalUrl: '', alt: '', caption: '' }, anchorPoint: '', __images: [image] }], 'Over ons');
    const after = version([{ type: 'image', key: 'i', props: { externalUrl: '', alt: '', caption: '' }, anchorPoint: '', __images: [{ ...image, altText: 'Nieuw' }] }], 'Wie wij zijn');
    const diff = diffVersions(before, after);
    expect(diff.fields.map((f) => [f.name, f.before, f.after])).to.deep.equal([['title', 'Over ons', 'Wie wij zijn']]);
    expect(diff.blocks[0]!.props.map((p) => [p.name, p.words])).to.deep.equal([['__images', null]]);
  });

  it("names the page settings' fields that changed, and applies them", () => {
    const before = { ...version([]), settings: { typeData: { author: 'Marieke', summary: 'Kort' }, anchor: '' } } as VersionContent;
    const after = { ...version([]), settings: { typeData: { author: 'Daan', summary: 'Kort' }, anchor: '' } } as VersionContent;
    const diff = diffVersions(before, after);
    expect(diff.fields.map((f) => [f.name, f.before, f.after])).to.deep.equal([['typeData.author', 'Marieke', 'Daan']]);
    expect((applyVersionDiff(before, diff) as unknown as { settings: unknown }).settings).to.deep.equal({ typeData: { author: 'Daan', summary: 'Kort' }, anchor: '' });
  });

  it('takes no key order for a change', () => {
    const diff = diffVersions(version([{ type: 'heading', key: 'h', props: { text: 'A', level: 2 }, anchorPoint: '' }]), version([{ type: 'heading', key: 'h', props: { level: 2, text: 'A' }, anchorPoint: '' }]));
    expect(sameVersions(diff)).to.equal(true);
  });

  it('reads rich text as its words', () => {
    expect(textOfHtml('<h2>Kop</h2><p>Een &amp; twee<br>drie</p><ul><li>vier</li></ul>')).to.equal('Kop\nEen & twee\ndrie\nvier');
    expect(wordDiff(['a'], 'b')).to.equal(null);
  });

  describe('for any two versions', () => {
    const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const words = fc.array(fc.constantFrom('wij', 'doen', 'onderzoek', 'voor', 'gemeenten', 'zorg', 'energie', '<strong>veel</strong>', '&amp;'), { maxLength: 8 }).map((w) => `<p>${w.join(' ')}</p>`);
    const blockOf = (key: string) =>
      fc.oneof(
        words.map((html) => text(key, html)),
        fc.record({ title: fc.string({ maxLength: 12 }), level: fc.constantFrom(2, 3) }).map(({ title, level }) => heading(key, title, level)),
        fc.record({ anchor: fc.constantFrom('', 'boven', 'onder'), alt: fc.constantFrom('x', 'y') }).map(
          ({ anchor, alt }): Block => ({ type: 'image', key, props: { externalUrl: '', alt: '', caption: '' }, anchorPoint: anchor, __images: [{ hash: 'b'.repeat(64), fileName: 'b.jpg', altText: alt, fileID: 'm' }] }),
        ),
      );
    const versionOf = fc
      .shuffledSubarray(keys)
      .chain((chosen) => fc.tuple(fc.tuple(...chosen.map(blockOf)), fc.constantFrom('Over ons', 'Wie wij zijn'), fc.array(fc.constantFrom('onderzoek', 'advies'), { maxLength: 2 })))
      .map(([blocks, title, seoKeywords]) => ({ ...version(blocks as Block[], title), seoKeywords }));

    it('gives the newer version when applied to the older one', () => {
      fc.assert(
        fc.property(versionOf, versionOf, (before, after) => {
          expect(shape(applyVersionDiff(before, diffVersions(before, after)))).to.deep.equal(shape(after));
        }),
        { numRuns: 500 },
      );
    });

    it('lists every block of both exactly once, the newer ones in their order, and the blocks not moved in their older order', () => {
      fc.assert(
        fc.property(versionOf, versionOf, (before, after) => {
          const diff = diffVersions(before, after);
          const listed = diff.blocks.filter((b) => b.kind !== 'removed').map((b) => b.key);
          expect(listed).to.deep.equal(after.blocks.map((b) => b.key));
          const gone = diff.blocks.filter((b) => b.kind === 'removed').map((b) => b.key).sort();
          expect(gone).to.deep.equal(before.blocks.map((b) => b.key).filter((k) => !after.blocks.some((b) => b.key === k)).sort());
          // The blocks not moved keep their older order.
          const stayed = diff.blocks.filter((b) => b.from !== null && b.to !== null && !b.moved).map((b) => b.from!);
          expect(stayed).to.deep.equal([...stayed].sort((x, y) => x - y));
          expect(sameVersions(diff)).to.equal(JSON.stringify(shape(before)) === JSON.stringify(shape(after)));
        }),
        { numRuns: 500 },
      );
    });
  });
});
