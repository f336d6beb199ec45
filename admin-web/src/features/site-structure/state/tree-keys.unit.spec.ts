import { expect } from 'chai';
import { siteNodes } from '../testing/site-nodes';
import { indexTree, visibleRows } from './site-tree';
import { treeKeyAction } from './tree-keys';

const site = indexTree(
  siteNodes([
    ['home', 'Home'],
    ['expertise', 'Expertise'],
    ['expertise/energie', 'Energie'],
    ['over-ons', 'Over ons'],
    ['over-ons/team', 'Team'],
    ['contact', 'Contact'],
  ]),
);
// Home - / Contact / Expertise + / Over ons -  / Team
const rows = visibleRows(site, new Set(['id-home', 'id-over-ons']));
const at = (slug: string) => rows.findIndex((row) => row.node.slug === slug);

describe('tree keys', () => {
  it('moves down and up one visible row, and stops at the ends', () => {
    expect(treeKeyAction(rows, at('contact'), 'ArrowDown')).to.deep.equal({ type: 'focus', index: at('expertise') });
    expect(treeKeyAction(rows, at('contact'), 'ArrowUp')).to.deep.equal({ type: 'focus', index: at('home') });
    expect(treeKeyAction(rows, 0, 'ArrowUp')).to.equal(null);
    expect(treeKeyAction(rows, rows.length - 1, 'ArrowDown')).to.equal(null);
  });

  it('goes to the first and last row with Home and End', () => {
    expect(treeKeyAction(rows, at('expertise'), 'Home')).to.deep.equal({ type: 'focus', index: 0 });
    expect(treeKeyAction(rows, at('expertise'), 'End')).to.deep.equal({ type: 'focus', index: at('over-ons/team') });
  });

  it('opens a closed node with Right, and moves into an open one', () => {
    expect(treeKeyAction(rows, at('expertise'), 'ArrowRight')).to.deep.equal({ type: 'expand', ids: ['id-expertise'] });
    expect(treeKeyAction(rows, at('over-ons'), 'ArrowRight')).to.deep.equal({ type: 'focus', index: at('over-ons/team') });
    expect(treeKeyAction(rows, at('contact'), 'ArrowRight')).to.equal(null);
  });

  it('closes an open node with Left, and otherwise moves to the parent', () => {
    expect(treeKeyAction(rows, at('over-ons'), 'ArrowLeft')).to.deep.equal({ type: 'collapse', id: 'id-over-ons' });
    expect(treeKeyAction(rows, at('over-ons/team'), 'ArrowLeft')).to.deep.equal({ type: 'focus', index: at('over-ons') });
    expect(treeKeyAction(rows, at('expertise'), 'ArrowLeft')).to.deep.equal({ type: 'focus', index: at('home') });
    expect(treeKeyAction(rows, at('home'), 'ArrowLeft')).to.deep.equal({ type: 'collapse', id: 'id-home' });
  });

  it('opens the page with Enter, and every closed sibling with *', () => {
    expect(treeKeyAction(rows, at('contact'), 'Enter')).to.deep.equal({ type: 'open', id: 'id-contact' });
    expect(treeKeyAction(rows, at('contact'), '*')).to.deep.equal({ type: 'expand', ids: ['id-expertise'] });
  });

  it('leaves other keys alone', () => {
    expect(treeKeyAction(rows, 0, 'a')).to.equal(null);
    expect(treeKeyAction(rows, 0, 'Tab')).to.equal(null);
  });
});
