import { expect } from 'chai';
import { ConflictError, NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { PageEvent } from '@pagelog/contracts/events/page-events';
import { deciderSpec } from '../../core/decider-spec';
import { created, deleted, published } from '../../pages/page-fixtures';
import { initialTagState, type TagState } from '../tag-state';
import { pageTagsDecider, type PageTagsCommand, type TagFact } from './decider';

const page = deciderSpec(pageTagsDecider);
const ofPage = (code: string, property: string) => ({ code, property, model: 'page' });

const tagState = (tagId: string, over: Partial<TagState> = {}): TagState => ({ ...initialTagState, exists: true, tagId, locale: 'nl-nl', name: tagId, ...over });
/** The request's list: tag ids (live tags of the page's locale unless `states` says otherwise). */
const set = (ids: string[], states: Record<string, TagState> = {}): PageTagsCommand => ({
  type: 'SetPageTags',
  data: { tags: ids.map((tagId, i): TagFact => ({ tagId, property: `tags[${i}].id`, tag: states[tagId] ?? tagState(tagId) })) },
});
const changed = (tags: string[], added: string[], removed: string[]): PageEvent => ({ type: 'PageTagsChanged', data: { pageId: 'p1', locale: 'nl-nl', tags, added, removed } });

describe('page tags decider', () => {
  describe('when a page is given tags', () => {
    it('records the list with what was added', () => {
      page.given(created()).when(set(['t1', 't2'])).then([changed(['t1', 't2'], ['t1', 't2'], [])]);
    });

    it('records what was added and removed against the tags the page has', () => {
      page.given(created(), changed(['t1', 't2'], ['t1', 't2'], [])).when(set(['t2', 't3'])).then([changed(['t2', 't3'], ['t3'], ['t1'])]);
    });

    it('takes tags on a published page at once (tags are page-level)', () => {
      page.given(created(), published()).when(set(['t1'])).then([changed(['t1'], ['t1'], [])]);
    });

    it('removes every tag with an empty list', () => {
      page.given(created(), changed(['t1'], ['t1'], [])).when(set([])).then([changed([], [], ['t1'])]);
    });

    it('names a tag named twice once', () => {
      page.given(created()).when(set(['t1', 't1'])).then([changed(['t1'], ['t1'], [])]);
    });

    it('records nothing when the set is the same, in whatever order', () => {
      page.given(created(), changed(['t1', 't2'], ['t1', 't2'], [])).when(set(['t2', 't1'])).thenNothing();
      page.given(created()).when(set([])).thenNothing();
    });
  });

  describe('when the list was made from the tags the page had', () => {
    const basedOn = (command: PageTagsCommand, ids: string[]): PageTagsCommand => ({ ...command, data: { ...command.data, basedOn: ids } });

    it('takes it while the page still carries those tags, in whatever order', () => {
      page.given(created(), changed(['t1', 't2'], ['t1', 't2'], [])).when(basedOn(set(['t1', 't3']), ['t2', 't1'])).then([changed(['t1', 't3'], ['t3'], ['t2'])]);
      page.given(created()).when(basedOn(set(['t1']), [])).then([changed(['t1'], ['t1'], [])]);
    });

    it('refuses it as a conflict, with the tags the page has now, once another editor changed them', () => {
      const refused = page
        .given(created(), changed(['t1'], ['t1'], []), changed(['t1', 't9'], ['t9'], []))
        .when(basedOn(set(['t1', 't3']), ['t1']))
        .thenFails(ConflictError, [{ code: 'V_07', property: 'revision', model: 'page' }]);
      expect(refused.details).to.deep.equal({ conflicts: ['tags'], current: { tags: ['t1', 't9'] } });
    });
  });

  describe('when a tag may not be on the page', () => {
    it('refuses a tag that does not exist or was merged away (TG_07), naming each entry', () => {
      const states = { gone: { ...initialTagState, tagId: 'gone' }, old: tagState('old', { merged: true, mergedInto: 't1' }) };
      page.given(created()).when(set(['t1', 'gone', 'old'], states)).thenFails(ValidationError, [ofPage('TG_07', 'tags[1].id'), ofPage('TG_07', 'tags[2].id')]);
    });

    it("refuses a tag of another locale than the page's (TG_08)", () => {
      page.given(created()).when(set(['t1', 'en'], { en: tagState('en', { locale: 'en-gb' }) })).thenFails(ValidationError, [ofPage('TG_08', 'tags[1].id')]);
    });

    it('keeps a tag the page carries that was merged since (the merge moves the page on)', () => {
      const states = { old: tagState('old', { merged: true, mergedInto: 't1' }) };
      page.given(created(), changed(['old'], ['old'], [])).when(set(['old', 't2'], states)).then([changed(['old', 't2'], ['t2'], [])]);
    });

    it('refuses (PM_01, 404) a page that does not exist or was deleted', () => {
      page.given().when(set(['t1'])).thenFails(NotFoundError, [ofPage('PM_01', 'id')]);
      page.given(created(), deleted()).when(set(['t1'])).thenFails(NotFoundError, [ofPage('PM_01', 'id')]);
    });
  });
});
