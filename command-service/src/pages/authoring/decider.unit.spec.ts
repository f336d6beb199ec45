import { expect } from 'chai';
import type { PageEvent } from '@pagelog/contracts/events/page-events';
import { ValidationError, NotFoundError } from '@pagelog/contracts/domain-errors';
import { pageEvolver } from '../page-state';
import { decideAuthoring, type AuthoringCommand } from './decider';

const given = (events: PageEvent[]) => events.reduce(pageEvolver.evolve, pageEvolver.initialState);
const created: PageEvent = {
  type: 'PageCreated',
  data: { pageId: 'p1', translationGroupId: 'p1', type: 'article', locale: 'nl-nl', title: 'Over ons', slug: 'over-ons', content: '', typeData: {}, versionId: 'v1' },
};
const published: PageEvent = { type: 'PagePublished', data: { pageId: 'p1', versionId: 'v1', slug: 'over-ons', locale: 'nl-nl' } };
const store = (over: Partial<Extract<AuthoringCommand, { type: 'StoreVersion' }>['data']> = {}): AuthoringCommand => ({
  type: 'StoreVersion',
  data: {
    versionId: 'v1',
    newVersionId: 'v2',
    title: 'Over ons',
    blocks: [{ type: 'heading', key: 'b1', props: { text: 'Hallo', level: 1 }, anchorPoint: '' }],
    seoTitle: '',
    seoDescription: '',
    seoKeywords: [],
    seoImage: [],
    ...over,
  },
});

describe('page authoring decider', () => {
  describe('when a page is created', () => {
    it('records PageCreated with its first draft version', () => {
      const events = decideAuthoring(
        { type: 'CreatePage', data: { pageId: 'p1', versionId: 'v1', translationGroupId: 'p1', pageType: 'article', locale: 'nl-nl', title: 'Over ons', slug: 'over-ons', content: '', typeData: {} } },
        given([]),
      );
      expect(events).to.deep.equal([created]);
    });

    it('refuses to create the same page twice', () => {
      expect(() =>
        decideAuthoring(
          { type: 'CreatePage', data: { pageId: 'p1', versionId: 'v9', translationGroupId: 'p1', pageType: 'article', locale: 'nl-nl', title: 'x', slug: 'x', content: '', typeData: {} } },
          given([created]),
        ),
      ).to.throw(ValidationError);
    });
  });

  describe('when a draft is stored', () => {
    it('stores into the draft version', () => {
      const events = decideAuthoring(store(), given([created]));
      expect(events).to.have.length(1);
      expect(events[0]!.type).to.equal('PageVersionStored');
      expect((events[0]!.data as { versionId: string }).versionId).to.equal('v1');
    });

    it('starts a new draft when the draft is the published version, so published versions never change', () => {
      const events = decideAuthoring(store(), given([created, published]));
      expect(events.map((e) => e.type)).to.deep.equal(['PageDraftStarted', 'PageVersionStored']);
      expect(events[0]!.data).to.deep.equal({ pageId: 'p1', versionId: 'v2', basedOnVersionId: 'v1' });
      expect((events[1]!.data as { versionId: string }).versionId).to.equal('v2');
    });

    it('refuses to store into a version that is no longer the draft', () => {
      const later = given([created, published, { type: 'PageDraftStarted', data: { pageId: 'p1', versionId: 'v2', basedOnVersionId: 'v1' } }]);
      expect(() => decideAuthoring(store({ versionId: 'v1' }), later)).to.throw(ValidationError).with.property('items').that.deep.includes({
        code: 'V_07',
        property: 'id',
        model: 'pageVersion',
        message: 'This operation cannot be executed.',
      });
    });

    it('answers PM_01 for a page that does not exist', () => {
      expect(() => decideAuthoring(store(), given([]))).to.throw(NotFoundError);
    });

    it('names every invalid block property: unknown type, missing prop, duplicate anchor', () => {
      const blocks = [
        { type: 'carousel', key: 'a', props: {}, anchorPoint: '' },
        { type: 'heading', key: 'b', props: {}, anchorPoint: 'top' },
        { type: 'text', key: 'c', props: { html: '<p>x</p>' }, anchorPoint: 'top' },
      ];
      try {
        decideAuthoring(store({ blocks }), given([created]));
        expect.fail('expected a ValidationError');
      } catch (error) {
        expect(error).to.be.instanceOf(ValidationError);
        const items = (error as ValidationError).items.map((i) => `${i.code} ${i.property}`);
        expect(items).to.have.members(['V_12 blocks[0].type', 'V_01 blocks[1].props.text', 'V_18 blocks[2].anchorPoint']);
      }
    });
  });
});
