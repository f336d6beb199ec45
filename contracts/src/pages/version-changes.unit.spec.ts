import { expect } from 'chai';
import type { Block } from '../blocks/block';
import type { VersionContent } from './page';
import { noChanges, versionChanges } from './version-changes';

const heading = (key: string, text: string): Block => ({ type: 'heading', key, props: { text, level: 2 }, anchorPoint: '' });
const rich = (key: string, html: string): Block => ({ type: 'text', key, props: { html }, anchorPoint: '' });
const version = (blocks: Block[], over: Partial<VersionContent> = {}): VersionContent => ({ title: 'Jaarverslag', seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [], blocks, ...over });

describe('the changes between two versions of a page (versionChanges)', () => {
  it('finds nothing between a version and a copy of it with its props in another order', () => {
    const a = version([{ type: 'heading', key: 'h', props: { text: 'Kop', level: 2 }, anchorPoint: '' }]);
    const b = version([{ type: 'heading', key: 'h', props: { level: 2, text: 'Kop' }, anchorPoint: '' }]);
    expect(noChanges(versionChanges(a, b))).to.equal(true);
  });

  it('names added and removed blocks by the registry\'s label and their own text, without tags', () => {
    const changes = versionChanges(version([heading('a', 'Inleiding'), rich('b', '<p>Oud <b>stuk</b></p>')]), version([heading('a', 'Inleiding'), heading('c', 'Nieuwe kop')]));
    expect(changes.added).to.deep.equal([{ key: 'c', type: 'heading', label: 'Heading', summary: 'Nieuwe kop' }]);
    expect(changes.removed).to.deep.equal([{ key: 'b', type: 'text', label: 'Rich text', summary: 'Oud stuk' }]);
    expect(changes.changed).to.deep.equal([]);
    expect(changes.moved).to.deep.equal([]);
  });

  it('names the props of a changed block by their labels', () => {
    const changes = versionChanges(version([heading('a', 'Inleiding')]), version([{ type: 'heading', key: 'a', props: { text: 'Introductie', level: 3 }, anchorPoint: 'intro' }]));
    expect(changes.changed).to.have.length(1);
    expect(changes.changed[0]!.props.map((p) => p.name)).to.deep.equal(['text', 'level', 'anchorPoint']);
    expect(changes.changed[0]!.props.map((p) => p.label)).to.include('Anchor');
  });

  it('reports one block dragged to the top as one move, not as every other block moving', () => {
    const before = version(['a', 'b', 'c', 'd', 'e'].map((k) => heading(k, k.toUpperCase())));
    const after = version(['e', 'a', 'b', 'c', 'd'].map((k) => heading(k, k.toUpperCase())));
    const changes = versionChanges(before, after);
    expect(changes.moved.map((b) => b.key)).to.deep.equal(['e']);
    expect(changes.changed).to.deep.equal([]);
  });

  it('does not count a block as moved because another was added or removed before it', () => {
    const changes = versionChanges(version([heading('a', 'A'), heading('b', 'B')]), version([heading('x', 'X'), heading('b', 'B')]));
    expect(changes.moved).to.deep.equal([]);
  });

  it('treats every block and the filled-in fields as new when the page is not live', () => {
    const changes = versionChanges(null, version([heading('a', 'A')], { seoDescription: 'Over het jaar' }));
    expect(changes.added.map((b) => b.key)).to.deep.equal(['a']);
    expect(changes.fields.map((f) => f.name)).to.deep.equal(['title', 'seoDescription']);
  });

  it('sees a changed title and a changed image of a block', () => {
    const image = { hash: 'h1', fileName: 'a.jpg', altText: '', fileID: 'f1' };
    const before = version([{ type: 'image', key: 'i', props: {}, anchorPoint: '', __images: [image] }]);
    const after = version([{ type: 'image', key: 'i', props: {}, anchorPoint: '', __images: [{ ...image, altText: 'Een grafiek' }] }], { title: 'Jaarverslag 2026' });
    const changes = versionChanges(before, after);
    expect(changes.fields).to.deep.equal([{ name: 'title', before: 'Jaarverslag', after: 'Jaarverslag 2026' }]);
    expect(changes.changed[0]!.props).to.deep.equal([{ name: '__images', label: 'Images' }]);
  });
});
