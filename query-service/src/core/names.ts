import type { PersonalData } from '@pagelog/contracts/events/user-events';
import { readModels } from '@pagelog/contracts/read-models';
import { DELETED_USER_NAME } from '@pagelog/contracts/users/user';
import type { UserDoc } from '@pagelog/contracts/users/user-docs';
import type { UserQueryDeps } from './query-deps';

/** What the history and the lists show for steps taken by Pagelog itself (seeding). */
export const SYSTEM_NAME = 'Pagelog';
/** What they show for steps a visitor took without an account (a form sent on the public site). */
export const VISITOR_NAME = 'Visitor';

/**
 * The names of the people behind actor ids, opened from the users read model with each owner's
 * key. A user who was deleted (their key destroyed) shows as "deleted user", as the history
 * promises. One resolver per request: each id is opened once.
 */
export function nameResolver(deps: Pick<UserQueryDeps, 'readModels' | 'vault'>) {
  const cache = new Map<string, Promise<string>>();

  async function open(id: string): Promise<string> {
    if (id === 'system') return SYSTEM_NAME;
    if (id === 'anonymous') return VISITOR_NAME;
    const doc = await deps.readModels.get<UserDoc>(readModels.users.collection, id);
    if (!doc?.personal) return DELETED_USER_NAME;
    const personal = await deps.vault.open<PersonalData>(id, doc.personal);
    return personal?.name || DELETED_USER_NAME;
  }

  return {
    name(id: string | null | undefined): Promise<string> {
      if (!id) return Promise.resolve('');
      let found = cache.get(id);
      if (!found) {
        found = open(id);
        cache.set(id, found);
      }
      return found;
    },
  };
}

export type NameResolver = ReturnType<typeof nameResolver>;
