import type { RecordedEvent } from '@pagelog/contracts/events/event';
import { roleStream, userStream, type RoleEvent, type UserEvent } from '@pagelog/contracts/events/user-events';
import type { PermissionGrant } from '@pagelog/contracts/permissions';
import type { EventStore } from '@pagelog/storage/event-store/event-store';

/** What a request needs to know about its user to decide what they may do. */
export interface Access {
  userId: string;
  roleId: string;
  permissions: PermissionGrant[];
  status: 'pending' | 'active' | 'deleted';
}

/**
 * Reads a user's role and standing straight from their event stream (and their role's), so a
 * role change or a deletion takes effect on the very next request in every process, without
 * waiting for a projection.
 */
export class AccessResolver {
  constructor(private readonly store: EventStore) {}

  async resolve(userId: string): Promise<Access | null> {
    const events = (await this.store.readStream(userStream(userId))) as RecordedEvent[] as unknown as UserEvent[];
    if (events.length === 0) return null;
    let roleId = '';
    let status: Access['status'] = 'pending';
    for (const e of events) {
      if (e.type === 'UserRegistered') roleId = e.data.roleId;
      else if (e.type === 'UserRoleChanged') roleId = e.data.roleId;
      else if (e.type === 'UserActivated') status = 'active';
      else if (e.type === 'UserDeleted') status = 'deleted';
    }
    return { userId, roleId, permissions: await this.permissionsOf(roleId), status };
  }

  async permissionsOf(roleId: string): Promise<PermissionGrant[]> {
    if (!roleId) return [];
    const events = (await this.store.readStream(roleStream(roleId))) as RecordedEvent[] as unknown as RoleEvent[];
    let permissions: PermissionGrant[] = [];
    for (const e of events) if (e.type === 'RoleDefined') permissions = e.data.permissions;
    return permissions;
  }
}
