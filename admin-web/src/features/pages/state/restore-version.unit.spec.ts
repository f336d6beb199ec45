import { expect } from 'chai';
import type { Block } from '@pagelog/contracts/blocks/block';
import type { VersionContent } from '@pagelog/contracts/pages/page';
import { diffVersions } from '@pagelog/contracts/pages/version-diff';
import { restoreBlock, restoreField, restoreProp, restoreVersion } from './restore-version';

const heading = (key: string, text: string): Block => ({ type: 'heading', key, props: { text, level: 2 }, anchorPoint: '' });
const version = (blocks: Block[], title: string): VersionContent => ({ title, blocks, seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] }) as VersionContent;

const older = version([heading('a', 'Een'), heading('b', 'Twee'), heading('c', 'Drie')], 'Oud');
const draft = version([heading('a', 'Een!'), heading('c', 'Drie'), heading('n', 'Nieuw')], 'Nieuw');
const diff = diffVersions(older, draft);
const entry = (key: string) => diff.blocks.find((b) => b.key === key)!;
const keys = (v: VersionContent) => v.blocks.map((b) => `${b.key}:${String(b.props.text)}`);

describe('restoring from an older version into the draft', () => {
  it('puts the whole older version back: its blocks in their order and every page field, edits on screen replaced', () => {
    const restored = restoreVersion({ ...draft, seoTitle: 'Net getypt' } as VersionContent, older);
    expect(restored.seoTitle).to.equal('');
    expect(keys(restored)).to.deep.equal(['a:Een', 'b:Twee', 'c:Drie']);
    expect(restored.title).to.equal('Oud');
  });

  it('brings a removed block back after the block it followed, and takes out one the draft added', () => {
    expect(keys(restoreBlock(draft, diff, entry('b')))).to.deep.equal(['a:Een!', 'b:Twee', 'c:Drie', 'n:Nieuw']);
    expect(keys(restoreBlock(draft, diff, entry('n')))).to.deep.equal(['a:Een!', 'c:Drie']);
  });

  it('puts a changed block back whole, or one prop of it, and a page field', () => {
    expect(keys(restoreBlock(draft, diff, entry('a')))).to.deep.equal(['a:Een', 'c:Drie', 'n:Nieuw']);
    const prop = entry('a').props.find((p) => p.name === 'text')!;
    expect(keys(restoreProp(draft, entry('a'), prop))).to.deep.equal(['a:Een', 'c:Drie', 'n:Nieuw']);
    expect(restoreField(draft, diff.fields[0]!)!.title).to.equal('Oud');
    expect(restoreField(draft, { name: 'typeData.author', label: 'author', before: 'x', after: 'y', words: null })).to.equal(null);
  });

  it('works on the draft as it is on screen, edits made since the comparison kept', () => {
    const edited = { ...draft, blocks: [...draft.blocks, heading('z', 'Net getypt')] };
    expect(keys(restoreBlock(edited, diff, entry('b')))).to.deep.equal(['a:Een!', 'b:Twee', 'c:Drie', 'n:Nieuw', 'z:Net getypt']);
  });
});
