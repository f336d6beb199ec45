import { expect } from 'chai';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { createI18n } from '../../../app/i18n/create-i18n';
import { describeRefusal, itemIndexOf, refusedPageIds } from './release-errors';

const t = createI18n().t;
const items = [
  { pageID: 'page-1', title: 'About us', slug: 'about-us' },
  { pageID: 'page-2', title: '', slug: 'contact' },
];

describe('a refused release command', () => {
  it('names the item an error is about by its index, and nothing for other properties', () => {
    expect(itemIndexOf({ property: 'items[12].pageID' })).to.equal(12);
    expect(itemIndexOf({ property: 'items' })).to.equal(null);
    expect(itemIndexOf({ property: 'pageID' })).to.equal(null);
  });

  it('finds the pages a refused publication names, skipping indexes the release does not have', () => {
    const errors = [errorItem('V_07', 'items[1].pageID', 'release'), errorItem('V_07', 'items[5].pageID', 'release'), errorItem('V_07', 'status', 'release')];
    expect([...refusedPageIds(errors, items)]).to.deep.equal(['page-2']);
  });

  it('says a refused publication published nothing, then names each page (by slug without a title)', () => {
    const described = describeRefusal([errorItem('V_07', 'items[1].pageID', 'release')], 'publish', items, t);
    expect(described.map((error) => [error.property, error.message])).to.deep.equal([
      ['items', 'Nothing was published: 1 page is not ready to go live.'],
      ['items[1].pageID', 'contact is not ready to go live: its draft changed since it was added, it went live on its own, or it was deleted.'],
    ]);
  });

  it('says what an addition refused for a live page means, and keeps the message of a code it has no words for', () => {
    const described = describeRefusal([errorItem('V_07', 'pageID', 'release'), errorItem('UM_01')], 'addPage', items, t);
    expect(described.map((error) => error.message)).to.deep.equal(["This page's draft is on the site already: there is nothing to release.", 'You are not authorized to do this action.']);
  });

  it('tells a removal of a page not in the release from an addition of a page that does not exist', () => {
    expect(describeRefusal([errorItem('PM_01', 'pageID', 'release')], 'removePage', items, t)[0]!.message).to.equal('This page is not in the release (any more).');
    expect(describeRefusal([errorItem('PM_01', 'pageID', 'release')], 'addPage', items, t)[0]!.message).to.equal('This page does not exist (any more).');
  });
});
