import { expect } from 'chai';
import type { MenuItem } from '@pagelog/contracts/menus/menu';
import { dropTarget, flatten, moveItem, moveTo, removeItem, rowsWhileDragging, setLabel } from './menu-tree';

const item = (id: string, children: MenuItem[] = []): MenuItem => ({ id, label: id, pageID: `page-${id}`, url: null, children });
/** The tree as `id(child child(grandchild))`, to compare shapes at a glance. */
const shape = (items: readonly MenuItem[]): string => items.map((i) => (i.children.length ? `${i.id}(${shape(i.children)})` : i.id)).join(' ');

// home, about(team history), contact
const tree = [item('home'), item('about', [item('team'), item('history')]), item('contact')];

describe('menu tree moves', () => {
  it('moves an item up and down among its siblings, with its sub-items', () => {
    expect(shape(moveItem(tree, 'about', 'up', 3)!)).to.equal('about(team history) home contact');
    expect(shape(moveItem(tree, 'about', 'down', 3)!)).to.equal('home contact about(team history)');
    expect(shape(moveItem(tree, 'history', 'up', 3)!)).to.equal('home about(history team) contact');
    expect(moveItem(tree, 'home', 'up', 3)).to.equal(null);
    expect(moveItem(tree, 'history', 'down', 3)).to.equal(null);
  });

  it('moves an item in, as the last sub-item of the item above it, and out, after its parent', () => {
    expect(shape(moveItem(tree, 'contact', 'in', 3)!)).to.equal('home about(team history contact)');
    expect(shape(moveItem(tree, 'history', 'in', 3)!)).to.equal('home about(team(history)) contact');
    expect(shape(moveItem(tree, 'team', 'out', 3)!)).to.equal('home about(history) team contact');
    expect(moveItem(tree, 'home', 'in', 3)).to.equal(null);
    expect(moveItem(tree, 'home', 'out', 3)).to.equal(null);
  });

  it('does not move an item in deeper than the menu allows, counting its sub-items', () => {
    expect(moveItem(tree, 'about', 'in', 2)).to.equal(null);
    expect(shape(moveItem(tree, 'about', 'in', 3)!)).to.equal('home(about(team history)) contact');
    expect(moveItem(tree, 'contact', 'in', 1)).to.equal(null);
  });

  it('removes an item with its sub-items and sets a label at any depth', () => {
    expect(shape(removeItem(tree, 'about'))).to.equal('home contact');
    expect(flatten(setLabel(tree, 'team', 'Ons team')).find((f) => f.item.id === 'team')!.item.label).to.equal('Ons team');
  });

  it('refuses to put an item inside itself', () => {
    expect(shape(moveTo(tree, 'about', 'about', 0))).to.equal(shape(tree));
    expect(shape(moveTo(tree, 'about', 'team', 0))).to.equal(shape(tree));
  });
});

describe('where a dragged item lands', () => {
  /** Drags `id` to after row `aboveIndex` of the tree without it, asking for `depth`. */
  function drop(id: string, aboveIndex: number, depth: number, levels = 3) {
    const dragged = flatten(tree).find((f) => f.item.id === id)!.item;
    const rows = flatten(removeItem(tree, id));
    const target = dropTarget(rows, dragged, aboveIndex, depth, levels);
    return target && { depth: target.depth, tree: shape(moveTo(tree, id, target.parentId, target.index)) };
  }

  it('lands at the depth asked for when it fits: a sibling, a sub-item, or further out', () => {
    // Rows without contact: home, about, team, history.
    expect(drop('contact', 3, 0)).to.deep.equal({ depth: 0, tree: 'home about(team history) contact' });
    expect(drop('contact', 0, 1)).to.deep.equal({ depth: 1, tree: 'home(contact) about(team history)' });
    expect(drop('contact', 3, 2)).to.deep.equal({ depth: 2, tree: 'home about(team history(contact))' });
    expect(drop('contact', 3, 1)).to.deep.equal({ depth: 1, tree: 'home about(team history contact)' });
    expect(drop('contact', -1, 0)).to.deep.equal({ depth: 0, tree: 'contact home about(team history)' });
  });

  it('keeps to what fits: no deeper than below the row above, no shallower than the row below', () => {
    expect(drop('contact', 0, 5)!.depth).to.equal(1);
    // Between about and team, team stays about's sub-item: contact goes at least as deep.
    expect(drop('contact', 1, 0)).to.deep.equal({ depth: 1, tree: 'home about(contact team history)' });
    expect(drop('home', 0, 0)).to.deep.equal({ depth: 1, tree: 'about(home team history) contact' });
  });

  it('keeps an item with sub-items within the menu\'s levels, and finds no place where it cannot fit', () => {
    expect(drop('about', 0, 2, 3)).to.deep.equal({ depth: 1, tree: 'home(about(team history)) contact' });
    expect(drop('about', 0, 1, 2)).to.deep.equal({ depth: 0, tree: 'home about(team history) contact' });
    // A flat menu: everything at the top level.
    const flat = [item('a'), item('b'), item('c')];
    const rows = flatten(removeItem(flat, 'c'));
    expect(dropTarget(rows, flat[2]!, 0, 1, 1)).to.deep.equal({ parentId: null, index: 1, depth: 0 });
  });

  it('shows the dragged item without its sub-items while it is dragged', () => {
    expect(rowsWhileDragging(tree, 'about').map((row) => `${row.item.id}@${row.depth}`)).to.deep.equal(['home@0', 'about@0', 'contact@0']);
  });
});
