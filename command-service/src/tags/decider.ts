import { BusyError, NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { TagStreamEvent } from '@pagelog/contracts/events/tag-events';
import { checkTagName, type TagVisibility } from '@pagelog/contracts/tags/tag';
import { assertNever, type Decider } from '../core/decider';
import { isLiveTag, tagEvolver, type TagState } from './tag-state';

/** The rules of one tag: its creation, its name, and its merge into another (contracts/src/tags/tag.ts). */

export const TAG_MODEL = 'tag';

/**
 * The claim key (core/claims) of the name the command holds, or null when it keeps its name: a
 * tag fenced off that claim (another took it over while this command was slow) is refused.
 */
type NameClaim = { nameClaim: string | null };

export type TagCommand =
  | {
      type: 'CreateTag';
      /** `property` names the name in the request (`name`, or `tags[2].name` for a page's tag field). */
      data: NameClaim & { tagId: string; locale: string; visibility: TagVisibility; name: string; property?: string };
    }
  | { type: 'RenameTag'; data: NameClaim & { name: string } }
  | {
      type: 'MergeTag';
      /** `into`: the tag to merge into as its stream has it, read under the locale's merge lock (`mergeLock`, its claim key). */
      data: { into: TagState; mergeLock: string | null };
    };

/** A name by the rules, as the tag keeps it; the rules broken are refused, each naming `property`. */
function ruledName(raw: string, property: string): string {
  const check = checkTagName(raw);
  if (check.errors.length > 0) throw new ValidationError(check.errors.map((code) => errorItem(code, property, TAG_MODEL)));
  return check.name;
}

function assertLive(state: TagState, property: string): void {
  if (!isLiveTag(state)) throw new NotFoundError('TG_07', property, TAG_MODEL);
}

function assertNotFenced(state: TagState, claim: string | null, property: string): void {
  if (claim !== null && state.fences.includes(claim)) throw ValidationError.of('TG_04', property, TAG_MODEL);
}

export function decideTag(command: TagCommand, state: TagState): TagStreamEvent[] {
  switch (command.type) {
    case 'CreateTag': {
      const { tagId, locale, visibility, nameClaim, property = 'name' } = command.data;
      // Its name claim was taken over before the tag was written: the name is another tag's now.
      assertNotFenced(state, nameClaim, property);
      const name = ruledName(command.data.name, property);
      // Written already (a retry of the same command; new tags have new ids).
      if (state.exists) return [];
      return [{ type: 'TagCreated', data: { tagId, locale, visibility, name } }];
    }
    case 'RenameTag': {
      assertLive(state, 'tagId');
      assertNotFenced(state, command.data.nameClaim, 'name');
      const name = ruledName(command.data.name, 'name');
      if (name === state.name) return [];
      return [{ type: 'TagRenamed', data: { tagId: state.tagId, locale: state.locale, visibility: state.visibility, name, previousName: state.name } }];
    }
    case 'MergeTag': {
      const { into, mergeLock } = command.data;
      assertLive(state, 'tagId');
      assertLive(into, 'intoTagId');
      if (into.tagId === state.tagId) throw ValidationError.of('TG_05', 'intoTagId', TAG_MODEL);
      if (into.locale !== state.locale || into.visibility !== state.visibility) throw ValidationError.of('TG_06', 'intoTagId', TAG_MODEL);
      // Another merge took the lock over from this slow one (and may have changed `into` since): try again.
      if (mergeLock !== null && state.fences.includes(mergeLock)) throw new BusyError(1, 'the merge lock was taken over');
      return [
        {
          type: 'TagMerged',
          data: { tagId: state.tagId, locale: state.locale, visibility: state.visibility, name: state.name, intoTagId: into.tagId, intoName: into.name },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

export const tagDecider: Decider<TagCommand, TagStreamEvent, TagState> = { ...tagEvolver, decide: decideTag };
