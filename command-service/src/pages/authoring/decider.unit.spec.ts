import { expect } from 'chai';
import { ConflictError, NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { PageEvent } from '@pagelog/contracts/events/page-events';
import { content, created, deleted, draftStarted, given, heading, published, requested, richText, stored, unpublished } from '../page-fixtures';
import { foldPage, type PageState } from '../page-state';
import { decideAuthoring, type AuthoringCommand, type StoreVersion } from './decider';

const create = (over: Partial<Extract<AuthoringCommand, { type: 'CreatePage' }>['data']> = {}): AuthoringCommand => ({
  type: 'CreatePage',
  data: {
    pageId: 'p1',
    versionId: 'v1',
    translationGroupId: 'p1',
    pageType: 'article',
    locale: 'nl-nl',
    title: 'Over ons',
    slug: 'over-ons',
    content: '',
    typeData: {},
    copiedFrom: null,
    copiedContent: null,
    ...over,
  },
});

/** A store based on the current revision of `history`, unless `baseRevision` says otherwise. */
function store(history: PageEvent[], over: Partial<StoreVersion['data']> = {}, baseRevision = history.length): AuthoringCommand {
  return {
    type: 'StoreVersion',
    data: {
      versionId: 'v1',
      newVersionId: 'v2',
      content: content({ title: 'Nieuw' }),
      baseRevision,
      base: foldPage(history.slice(0, baseRevision)),
      currentRevision: history.length,
      ...over,
    },
  };
}

const codes = (error: unknown) => (error as ValidationError).items.map((i) => `${i.code} ${i.property}`);
function failure(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the decider to refuse');
}

describe('page authoring decider', () => {
  describe('when a page is created', () => {
    it('records PageCreated with its first draft version and the type data with its defaults', () => {
      expect(decideAuthoring(create(), given())).to.deep.equal([created()]);
    });

    it('starts a translation or duplicate from the copied draft, under its own title', () => {
      const copiedFrom = { pageId: 'p0', versionId: 'v0', as: 'translation' as const };
      const events = decideAuthoring(create({ title: 'About us', copiedFrom, copiedContent: content() }), given());
      expect(events.map((e) => e.type)).to.deep.equal(['PageCreated', 'PageVersionStored']);
      expect(events[0]!.data).to.include({ copiedFrom });
      expect(events[1]!.data).to.deep.include({ versionId: 'v1', title: 'About us', blocks: content().blocks });
    });

    it('refuses to create the same page twice', () => {
      expect(() => decideAuthoring(create(), given(created()))).to.throw(ValidationError);
    });

    it('names invalid type data by its field', () => {
      const error = failure(() => decideAuthoring(create({ typeData: { publicationDate: 'gisteren' } }), given()));
      expect(codes(error)).to.deep.equal(['V_12 typeData.publicationDate']);
    });
  });

  describe('when a draft is stored', () => {
    it('stores into the draft version', () => {
      const events = decideAuthoring(store([created()]), given(created()));
      expect(events).to.deep.equal([stored('v1', content({ title: 'Nieuw' }))]);
    });

    it('records nothing when the content did not change', () => {
      const history = [created(), stored('v1', content({ title: 'Nieuw' }))];
      expect(decideAuthoring(store(history), given(...history))).to.deep.equal([]);
    });

    it('starts a new draft when the draft was published, so published versions never change', () => {
      const history = [created(), published()];
      const events = decideAuthoring(store(history), given(...history));
      expect(events.map((e) => e.type)).to.deep.equal(['PageDraftStarted', 'PageVersionStored']);
      expect(events[0]!.data).to.deep.equal({ pageId: 'p1', versionId: 'v2', basedOnVersionId: 'v1' });
      expect((events[1]!.data as { versionId: string }).versionId).to.equal('v2');
    });

    it('also after the page was unpublished: a version that was live once stays as it was', () => {
      const history = [created(), published(), unpublished()];
      expect(decideAuthoring(store(history), given(...history))[0]!.type).to.equal('PageDraftStarted');
    });

    it('refuses, with the current revision, to store into a version that is no longer the draft', () => {
      const history = [created(), published(), draftStarted('v2', 'v1')];
      const error = failure(() => decideAuthoring(store(history, { versionId: 'v1' }), given(...history)));
      expect((error as ValidationError).items).to.deep.include({ code: 'V_07', property: 'id', model: 'pageVersion', message: 'This operation cannot be executed.' });
    });

    it('answers PM_01 for a page that does not exist, a version of another page, and a deleted page', () => {
      expect(() => decideAuthoring(store([]), given())).to.throw(NotFoundError);
      expect(() => decideAuthoring(store([created()], { versionId: 'elders' }), given(created()))).to.throw(NotFoundError);
      const gone = [created(), deleted()];
      expect(() => decideAuthoring(store(gone), given(...gone))).to.throw(NotFoundError);
    });

    it('keeps a version under review as it is: V_07 while a publication request is open', () => {
      const history = [created(), requested()];
      expect(codes(failure(() => decideAuthoring(store(history), given(...history))))).to.deep.equal(['V_07 hasPublicationRequest']);
    });

    it('names every invalid block property: unknown type, missing prop, bad link, duplicate anchor in any case', () => {
      const blocks = [
        { type: 'carousel', key: 'a', props: {}, anchorPoint: '' },
        { type: 'heading', key: 'b', props: {}, anchorPoint: 'Top' },
        { type: 'callToAction', key: 'c', props: { title: 'Kom', buttonText: 'Nu', url: 'javascript:alert(1)' }, anchorPoint: '' },
        { type: 'text', key: 'd', props: { html: '<p>x</p>' }, anchorPoint: 'top' },
      ];
      const error = failure(() => decideAuthoring(store([created()], { content: content({ blocks }) }), given(created())));
      expect(codes(error)).to.have.members(['V_12 blocks[0].type', 'V_01 blocks[1].props.text', 'V_13 blocks[2].props.url', 'V_18 blocks[3].anchorPoint']);
    });
  });

  describe('when a save is based on an older revision', () => {
    const base = [created(), stored('v1', content())];

    it('merges changes to different blocks and fields, and says it merged', () => {
      const theirs = content({ blocks: [heading('h', 'Wie wij echt zijn'), richText('t', '<p>Tekst</p>')] });
      const history = [...base, stored('v1', theirs)];
      const mine = content({ title: 'Over het bureau', blocks: [heading('h', 'Wie wij zijn'), richText('t', '<p>Nieuwe tekst</p>'), heading('n', 'Nieuw')] });
      const events = decideAuthoring(store(history, { content: mine }, 2), given(...history));
      expect(events).to.have.length(1);
      expect(events[0]!.data).to.deep.include({
        title: 'Over het bureau',
        blocks: [heading('h', 'Wie wij echt zijn'), richText('t', '<p>Nieuwe tekst</p>'), heading('n', 'Nieuw')],
        mergedFromRevision: 2,
      });
    });

    it('answers 409 with what clashed and the newer version when both changed the same block', () => {
      const theirs = content({ blocks: [heading('h', 'Hun kop'), richText('t', '<p>Tekst</p>')] });
      const history = [...base, stored('v1', theirs)];
      const mine = content({ blocks: [heading('h', 'Mijn kop'), richText('t', '<p>Tekst</p>')] });
      const error = failure(() => decideAuthoring(store(history, { content: mine }, 2), given(...history)));
      expect(error).to.be.instanceOf(ConflictError);
      expect((error as ConflictError).currentRevision).to.equal(3);
      expect((error as ConflictError).details).to.deep.equal({ conflicts: ['blocks.h'], current: { ...theirs, versionId: 'v1' } });
    });

    it('merges into the new draft when the version the editor had open was published meanwhile', () => {
      const history = [...base, published(), draftStarted('v2', 'v1'), stored('v2', content({ seoTitle: 'SEO' }))];
      const events = decideAuthoring(store(history, { content: content({ title: 'Mijn titel' }), newVersionId: 'v3' }, 2), given(...history));
      expect(events).to.deep.equal([{ type: 'PageVersionStored', data: { pageId: 'p1', versionId: 'v2', ...content({ title: 'Mijn titel', seoTitle: 'SEO' }), mergedFromRevision: 2 } }]);
    });
  });

  describe('when the page settings are saved', () => {
    it('records a slug change with the previous slug, an anchor and type data, each only when it changed', () => {
      const state = given(created());
      expect(decideAuthoring({ type: 'SavePage', data: { slug: 'wie-wij-zijn', updateLinks: true, anchor: 'top', typeData: { author: 'An' } } }, state)).to.deep.equal([
        { type: 'PageTypeDataChanged', data: { pageId: 'p1', typeData: { author: 'An', publicationDate: '', summary: '' } } },
        { type: 'PageSlugChanged', data: { pageId: 'p1', locale: 'nl-nl', slug: 'wie-wij-zijn', previousSlug: 'over-ons', updateLinks: true } },
        { type: 'PageAnchorChanged', data: { pageId: 'p1', anchor: 'top' } },
      ]);
      expect(decideAuthoring({ type: 'SavePage', data: { slug: 'over-ons', updateLinks: false, anchor: '', typeData: {} } }, state)).to.deep.equal([]);
    });
  });

  describe('when links to a moved page are updated', () => {
    const linking = content({ blocks: [richText('t', '<p><a href="/over-ons#team">Team</a></p>')] });
    const update: AuthoringCommand = { type: 'UpdateLinks', data: { fromPath: '/over-ons', toPath: '/wie-wij-zijn', movedPageId: 'p9', newVersionId: 'v2', origins: [] } };

    it('points the draft\'s links at the new path', () => {
      const events = decideAuthoring(update, given(created(), stored('v1', linking)));
      expect(events).to.deep.equal([
        { type: 'PageLinksUpdated', data: { pageId: 'p1', versionId: 'v1', fromPath: '/over-ons', toPath: '/wie-wij-zijn', movedPageId: 'p9', blocks: [richText('t', '<p><a href="/wie-wij-zijn#team">Team</a></p>')] } },
      ]);
    });

    it('starts a new draft rather than change a published version, and leaves a draft under review alone', () => {
      expect(decideAuthoring(update, given(created(), stored('v1', linking), published())).map((e) => e.type)).to.deep.equal(['PageDraftStarted', 'PageLinksUpdated']);
      expect(decideAuthoring(update, given(created(), stored('v1', linking), requested()))).to.deep.equal([]);
      expect(decideAuthoring(update, given(created(), stored('v1', content())))).to.deep.equal([]);
    });
  });

  describe('when a page is deleted', () => {
    it('revokes an open request first, then deletes', () => {
      expect(decideAuthoring({ type: 'DeletePage', data: {} }, given(created(), requested())).map((e) => e.type)).to.deep.equal(['PublicationRequestRevoked', 'PageDeleted']);
    });

    it('accepts nothing afterwards', () => {
      const state: PageState = given(created(), deleted());
      expect(() => decideAuthoring({ type: 'DeletePage', data: {} }, state)).to.throw(NotFoundError);
      expect(() => decideAuthoring({ type: 'SavePage', data: { slug: 'x', updateLinks: false } }, state)).to.throw(NotFoundError);
    });
  });
});
