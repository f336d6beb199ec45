import { expect } from 'chai';
import { siteNodes as nodesOf } from '../testing/site-nodes';
import { ancestorIds, descendantIds, expandedForSearch, indexTree, visibleRows } from './site-tree';

const site = indexTree(
  nodesOf([
    ['home', 'Home'],
    ['expertise', 'Expertise'],
    ['expertise/energie', 'Energie'],
    ['expertise/energie/wind', 'Windenergie'],
    ['expertise/water', 'Water'],
    ['over-ons', 'Over ons'],
    ['over-ons/team', 'Team'],
    ['contact', 'Contact'],
  ]),
);

const lines = (rows: ReturnType<typeof visibleRows>) => rows.map((row) => `${'  '.repeat(row.level - 1)}${row.node.title}${row.expandable ? (row.expanded ? ' -' : ' +') : ''}${row.match ? '' : ' (path)'}`);

describe('the site tree', () => {
  describe('expanding and collapsing', () => {
    it('shows only the top level while nothing is expanded', () => {
      expect(lines(visibleRows(site, new Set()))).to.deep.equal(['Home +']);
    });

    it('shows the children of expanded nodes, in order', () => {
      expect(lines(visibleRows(site, new Set(['id-home', 'id-expertise'])))).to.deep.equal([
        'Home -',
        '  Contact',
        '  Expertise -',
        '    Energie +',
        '    Water',
        '  Over ons +',
      ]);
    });

    it('hides the children of a collapsed node even when they are expanded themselves', () => {
      expect(lines(visibleRows(site, new Set(['id-expertise', 'id-expertise/energie'])))).to.deep.equal(['Home +']);
    });

    it('gives each row its level, set size and position among its siblings', () => {
      const rows = visibleRows(site, new Set(['id-home', 'id-expertise']));
      const water = rows.find((row) => row.node.slug === 'expertise/water')!;
      expect(water).to.include({ level: 3, setSize: 2, posInSet: 2, expandable: false, expanded: false });
      const contact = rows.find((row) => row.node.slug === 'contact')!;
      expect(contact).to.include({ level: 2, setSize: 3, posInSet: 1 });
    });
  });

  describe('searching', () => {
    it('shows the pages whose title or path matches, with their ancestors, whatever is expanded', () => {
      const term = 'wind';
      expect(lines(visibleRows(site, expandedForSearch(site, term), term))).to.deep.equal([
        'Home - (path)',
        '  Expertise - (path)',
        '    Energie - (path)',
        '      Windenergie',
      ]);
    });

    it('matches paths as well as titles, ignoring case', () => {
      const term = 'OVER-ONS/';
      expect(lines(visibleRows(site, expandedForSearch(site, term), term))).to.deep.equal(['Home - (path)', '  Over ons - (path)', '    Team']);
    });

    it('leaves out the children of a match that do not match, and counts only shown siblings', () => {
      const onlyWater = visibleRows(site, expandedForSearch(site, 'water'), 'water');
      expect(onlyWater.find((row) => row.node.slug === 'expertise')).to.include({ setSize: 1, posInSet: 1, expandable: true, expanded: true });
      expect(onlyWater.map((row) => row.node.slug)).to.not.include('expertise/energie');
    });

    it('shows nothing when nothing matches, and everything again without a term', () => {
      expect(visibleRows(site, new Set(), 'nothing like it')).to.deep.equal([]);
      expect(visibleRows(site, new Set(['id-home']), '  ').map((row) => row.node.slug)).to.deep.equal(['home', 'contact', 'expertise', 'over-ons']);
    });

    it('lets a node shown on the way to a match be collapsed', () => {
      const term = 'wind';
      const open = expandedForSearch(site, term);
      open.delete('id-expertise');
      expect(lines(visibleRows(site, open, term))).to.deep.equal(['Home - (path)', '  Expertise + (path)']);
    });
  });

  describe('relatives', () => {
    it('finds the ancestors of a node, nearest first, and the descendants', () => {
      expect(ancestorIds(site, 'id-expertise/energie/wind')).to.deep.equal(['id-expertise/energie', 'id-expertise', 'id-home']);
      expect([...descendantIds(site, 'id-expertise')].sort()).to.deep.equal(['id-expertise/energie', 'id-expertise/energie/wind', 'id-expertise/water']);
      expect(descendantIds(site, 'id-contact').size).to.equal(0);
    });
  });

  it('lists five thousand expanded pages in order', () => {
    const pages: [string, string][] = [['home', 'Home']];
    for (let i = 0; i < 1000; i += 1) {
      pages.push([`s${i}`, `Section ${i}`]);
      for (let j = 0; j < 4; j += 1) pages.push([`s${i}/p${j}`, `Page ${i}.${j}`]);
    }
    const big = indexTree(nodesOf(pages));
    const all = new Set(big.nodes.map((node) => node.pageID));
    const rows = visibleRows(big, all);
    expect(rows).to.have.length(5001);
    expect(rows.map((row) => row.node.pageID)).to.deep.equal(big.nodes.map((node) => node.pageID));
  });
});
