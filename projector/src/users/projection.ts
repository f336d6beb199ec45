import type { RecordedEvent } from '@pagelog/contracts/events/event';
import type { RoleEvent, UserEvent } from '@pagelog/contracts/events/user-events';
import { readModels } from '@pagelog/contracts/read-models';
import type { Projection } from '../core/projection';
import { alreadyApplied } from '../core/projection';
import type { RoleDoc, UserDoc } from '@pagelog/contracts/users/user-docs';

const users = readModels.users.collection;
const roles = readModels.roles.collection;

const userIdOf = (event: RecordedEvent) => event.stream.slice('user-'.length);

/** Users (for the user list) and roles (for the role picker). */
export const usersProjection: Projection = {
  name: readModels.users.projection,
  version: 1,
  collections: [
    { name: users, indexes: ['status', 'roleId'] },
    { name: roles, indexes: [] },
  ],
  handles: ['UserRegistered', 'UserActivated', 'UserProfileChanged', 'UserRoleChanged', 'UserImageChanged', 'UserDeleted', 'RoleDefined'],
  prefetch(events) {
    return [
      { collection: users, ids: events.filter((e) => e.stream.startsWith('user-')).map(userIdOf) },
      { collection: roles, ids: events.filter((e) => e.type === 'RoleDefined').map((e) => (e.data as { roleId: string }).roleId) },
    ];
  },
  async apply(event, uow) {
    if (event.type === 'RoleDefined') {
      const e = event as unknown as RoleEvent & RecordedEvent;
      const current = await uow.get<RoleDoc>(roles, e.data.roleId);
      if (alreadyApplied(current, event)) return;
      uow.put(roles, e.data.roleId, { ID: e.data.roleId, name: e.data.name, permissions: e.data.permissions, revision: event.revision });
      return;
    }
    const id = userIdOf(event);
    const e = event as unknown as UserEvent;
    const current = await uow.get<UserDoc>(users, id);
    if (alreadyApplied(current, event)) return;
    const stamp = { updatedAt: event.metadata.occurredAt, updatedBy: event.metadata.actorId, revision: event.revision };
    switch (e.type) {
      case 'UserRegistered':
        uow.put(users, id, {
          ID: id,
          roleId: e.data.roleId,
          status: 'pending',
          personal: e.data.personal,
          imageId: null,
          createdAt: event.metadata.occurredAt,
          ...stamp,
        } satisfies UserDoc);
        return;
      case 'UserDeleted':
        uow.delete(users, id);
        return;
      default:
        break;
    }
    if (!current) return;
    switch (e.type) {
      case 'UserActivated':
        uow.put(users, id, { ...current, status: 'active', ...stamp });
        return;
      case 'UserProfileChanged':
        uow.put(users, id, { ...current, personal: e.data.personal, ...stamp });
        return;
      case 'UserRoleChanged':
        uow.put(users, id, { ...current, roleId: e.data.roleId, ...stamp });
        return;
      case 'UserImageChanged':
        uow.put(users, id, { ...current, imageId: e.data.imageId, ...stamp });
        return;
      default:
        return;
    }
  },
};
