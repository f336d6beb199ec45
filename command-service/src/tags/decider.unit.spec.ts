import { BusyError, NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { TagStreamEvent } from '@pagelog/contracts/events/tag-events';
import type { TagVisibility } from '@pagelog/contracts/tags/tag';
import { deciderSpec } from '../core/decider-spec';
import { tagDecider, type TagCommand } from './decider';
import { evolveTag, initialTagState } from './tag-state';

const tag = deciderSpec(tagDecider);
const foldTag = (events: TagStreamEvent[]) => events.reduce(evolveTag, initialTagState);
const ofTag = (code: string, property: string) => ({ code, property, model: 'tag' });

const created = (name = 'Duurzaamheid', over: Partial<{ tagId: string; locale: string; visibility: TagVisibility }> = {}): TagStreamEvent => ({
  type: 'TagCreated',
  data: { tagId: 't1', locale: 'nl-nl', visibility: 'public', name, ...over },
});
const renamed = (name: string, previousName: string): TagStreamEvent => ({ type: 'TagRenamed', data: { tagId: 't1', locale: 'nl-nl', visibility: 'public', name, previousName } });
const merged = (intoTagId = 't2', intoName = 'Duurzaam'): TagStreamEvent => ({
  type: 'TagMerged',
  data: { tagId: 't1', locale: 'nl-nl', visibility: 'public', name: 'Duurzaamheid', intoTagId, intoName },
});
const fenced = (claimStream: string, claimRevision = 1): TagStreamEvent => ({ type: 'ClaimFenced', data: { claimStream, claimRevision, takenBy: 'other' } });

const create = (name: string, over: Partial<Extract<TagCommand, { type: 'CreateTag' }>['data']> = {}): TagCommand => ({
  type: 'CreateTag',
  data: { tagId: 't1', locale: 'nl-nl', visibility: 'public', name, nameClaim: 'tag-name-nl-nl:duurzaamheid@1', ...over },
});
const rename = (name: string, nameClaim: string | null = 'tag-name-nl-nl:klimaat@1'): TagCommand => ({ type: 'RenameTag', data: { name, nameClaim } });
/** A merge into the tag that `events` (of tag t2) make. */
const mergeInto = (events: TagStreamEvent[], mergeLock: string | null = 'tag-merges-nl-nl@1'): TagCommand => ({ type: 'MergeTag', data: { into: foldTag(events), mergeLock } });
const target = (over: Partial<{ locale: string; visibility: TagVisibility }> = {}) => [created('Duurzaam', { tagId: 't2', ...over })];

describe('tag decider', () => {
  describe('when a tag is created', () => {
    it('records it with its name as the rules clean it', () => {
      tag.given().when(create('  Duurzame   energie ')).then([{ type: 'TagCreated', data: { tagId: 't1', locale: 'nl-nl', visibility: 'public', name: 'Duurzame energie' } }]);
    });

    it('records a private tag as private', () => {
      tag.given().when(create('Intern', { visibility: 'private' })).then([{ type: 'TagCreated', data: { tagId: 't1', locale: 'nl-nl', visibility: 'private', name: 'Intern' } }]);
    });

    it('refuses a name against the rules, naming each rule on the request property', () => {
      tag.given().when(create('x', { property: 'tags[2].name' })).thenFails(ValidationError, [ofTag('TG_01', 'tags[2].name')]);
      tag.given().when(create('#tag')).thenFails(ValidationError, [ofTag('TG_03', 'name')]);
      tag.given().when(create('!'.repeat(41))).thenFails(ValidationError, [ofTag('TG_02', 'name'), ofTag('TG_03', 'name')]);
    });

    it('refuses (TG_04) when its name claim was taken over before the tag was written', () => {
      tag.given(fenced('tag-name-nl-nl:duurzaamheid')).when(create('Duurzaamheid')).thenFails(ValidationError, [ofTag('TG_04', 'name')]);
    });

    it('records nothing when the tag was written already (a retry)', () => {
      tag.given(created()).when(create('Duurzaamheid')).thenNothing();
    });
  });

  describe('when a tag is renamed', () => {
    it('records the new name with the one it had', () => {
      tag.given(created()).when(rename('Klimaat')).then([renamed('Klimaat', 'Duurzaamheid')]);
    });

    it('takes a change of capitals or accents only, with no claim of its own', () => {
      tag.given(created()).when(rename('duurzaamheid', null)).then([renamed('duurzaamheid', 'Duurzaamheid')]);
    });

    it('records nothing for the name it has', () => {
      tag.given(created()).when(rename(' Duurzaamheid ', null)).thenNothing();
    });

    it('refuses a name against the rules', () => {
      tag.given(created()).when(rename('K')).thenFails(ValidationError, [ofTag('TG_01', 'name')]);
    });

    it('refuses (TG_07, 404) a tag that does not exist or was merged away', () => {
      tag.given().when(rename('Klimaat')).thenFails(NotFoundError, [ofTag('TG_07', 'tagId')]);
      tag.given(created(), merged()).when(rename('Klimaat')).thenFails(NotFoundError, [ofTag('TG_07', 'tagId')]);
    });

    it('refuses (TG_04) when the claim on its new name was taken over meanwhile', () => {
      tag.given(created(), fenced('tag-name-nl-nl:klimaat')).when(rename('Klimaat')).thenFails(ValidationError, [ofTag('TG_04', 'name')]);
    });
  });

  describe('when a tag is merged into another', () => {
    it('records the merge with both names', () => {
      tag.given(created()).when(mergeInto(target())).then([merged('t2', 'Duurzaam')]);
    });

    it('merges into the other tag under its current name', () => {
      tag.given(created()).when(mergeInto([...target(), { type: 'TagRenamed', data: { tagId: 't2', locale: 'nl-nl', visibility: 'public', name: 'Groen', previousName: 'Duurzaam' } }])).then([merged('t2', 'Groen')]);
    });

    it('refuses a merge into itself (TG_05)', () => {
      tag.given(created()).when(mergeInto([created()])).thenFails(ValidationError, [ofTag('TG_05', 'intoTagId')]);
    });

    it('refuses a merge across locales or visibilities (TG_06)', () => {
      tag.given(created()).when(mergeInto(target({ locale: 'en-gb' }))).thenFails(ValidationError, [ofTag('TG_06', 'intoTagId')]);
      tag.given(created()).when(mergeInto(target({ visibility: 'private' }))).thenFails(ValidationError, [ofTag('TG_06', 'intoTagId')]);
    });

    it('refuses (TG_07, 404) a tag or a target that does not exist or was merged away', () => {
      tag.given().when(mergeInto(target())).thenFails(NotFoundError, [ofTag('TG_07', 'tagId')]);
      tag.given(created(), merged('t3')).when(mergeInto(target())).thenFails(NotFoundError, [ofTag('TG_07', 'tagId')]);
      tag.given(created()).when(mergeInto([])).thenFails(NotFoundError, [ofTag('TG_07', 'intoTagId')]);
      const gone: TagStreamEvent = { type: 'TagMerged', data: { tagId: 't2', locale: 'nl-nl', visibility: 'public', name: 'Duurzaam', intoTagId: 't1', intoName: 'Duurzaamheid' } };
      tag.given(created()).when(mergeInto([...target(), gone])).thenFails(NotFoundError, [ofTag('TG_07', 'intoTagId')]);
    });

    it('refuses for now (503) a merge whose lock another merge took over from it meanwhile', () => {
      tag.given(created(), fenced('tag-merges-nl-nl')).when(mergeInto(target())).thenFails(BusyError);
    });
  });
});
