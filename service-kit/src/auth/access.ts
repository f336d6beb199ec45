import type { PermissionGrant, RoleView } from '@pagelog/contracts/permissions';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import { roleFromEvents, userFactsFromEvents, type UserFacts } from './user-view';

/** What a request needs to know about its user to decide what they may do (and to show them). */
export interface Access {
  userId: string;
  roleId: string;
  permissions: PermissionGrant[];
  status: 'pending' | 'active';
  /** The folded stream and the role, so routes answering the user need not read them again. */
  facts: UserFacts;
  role: RoleView | null;
}

/**
 * Reads a user's role and standing straight from their event stream (and their role's), so a
 * role change or a deletion takes effect on the very next request in every process, without
 * waiting for a projection.
 */
export class AccessResolver {
  constructor(private readonly store: EventStore) {}

  /** Null for a deleted user or one who never existed. */
  async resolve(userId: string): Promise<Access | null> {
    const facts = await userFactsFromEvents(this.store, userId);
    if (!facts) return null;
    const role = await roleFromEvents(this.store, facts.roleId);
    return { userId, roleId: facts.roleId, permissions: role?.permissions ?? [], status: facts.status, facts, role };
  }
}
