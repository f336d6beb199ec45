import { expect } from 'chai';
import type { PageEvent } from '@pagelog/contracts/events/page-events';
import { NotFoundError } from '@pagelog/contracts/domain-errors';
import { pageEvolver } from '../page-state';
import { decidePublication } from './decider';

const given = (events: PageEvent[]) => events.reduce(pageEvolver.evolve, pageEvolver.initialState);
const created: PageEvent = {
  type: 'PageCreated',
  data: { pageId: 'p1', translationGroupId: 'p1', type: 'article', locale: 'en-gb', title: 'About', slug: 'about', content: '', typeData: {}, versionId: 'v1' },
};
const publish = { type: 'PublishPage', data: { pageId: 'p1' } } as const;

describe('page publication decider', () => {
  it('publishes the draft version with its slug and locale', () => {
    expect(decidePublication(publish, given([created]))).to.deep.equal([
      { type: 'PagePublished', data: { pageId: 'p1', versionId: 'v1', slug: 'about', locale: 'en-gb' } },
    ]);
  });

  it('records nothing when the draft is already the published version', () => {
    const state = given([created, { type: 'PagePublished', data: { pageId: 'p1', versionId: 'v1', slug: 'about', locale: 'en-gb' } }]);
    expect(decidePublication(publish, state)).to.deep.equal([]);
  });

  it('publishes a new draft started after publication', () => {
    const state = given([
      created,
      { type: 'PagePublished', data: { pageId: 'p1', versionId: 'v1', slug: 'about', locale: 'en-gb' } },
      { type: 'PageDraftStarted', data: { pageId: 'p1', versionId: 'v2', basedOnVersionId: 'v1' } },
    ]);
    expect(decidePublication(publish, state)[0]!.data.versionId).to.equal('v2');
  });

  it('answers PM_01 for a page that does not exist', () => {
    expect(() => decidePublication(publish, given([]))).to.throw(NotFoundError);
  });
});
