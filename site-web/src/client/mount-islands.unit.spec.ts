import { expect } from 'chai';
import type { IslandModule } from './island-registry';
import { mountIslands } from './mount-islands';

describe('mountIslands', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('loads each island module once, and gives every root its props', async () => {
    document.body.innerHTML =
      '<div data-island="counter" data-island-props="{&quot;start&quot;:3}"></div><div data-island="counter"></div><p>tekst</p>';
    const loads: string[] = [];
    const mounted: unknown[] = [];
    const counter: IslandModule = { mount: (root, props) => void mounted.push([root.tagName, props]) };

    await mountIslands(document, { counter: async () => (loads.push('counter'), counter) });

    expect(loads).to.deep.equal(['counter']);
    expect(mounted).to.deep.equal([['DIV', { start: 3 }], ['DIV', {}]]);
  });

  it('reports an island without a module, one that fails, and props that are no object, and starts the others', async () => {
    document.body.innerHTML =
      '<div data-island="unknown"></div><div data-island="broken"></div><div data-island="fine" data-island-props="[1,2]"></div><div data-island="constructor"></div>';
    const reports: string[] = [];
    const mounted: unknown[] = [];

    await mountIslands(
      document,
      {
        broken: async () => ({ mount: () => { throw new Error('kapot'); } }),
        fine: async () => ({ mount: (_root, props) => void mounted.push(props) }),
      },
      (message) => void reports.push(message),
    );

    expect(mounted).to.deep.equal([{}]);
    expect(reports).to.have.members([
      'The page has an island "unknown" that the site has no module for',
      'The island "broken" could not start',
      'The page has an island "constructor" that the site has no module for',
    ]);
  });
});
