import type { RoleEvent, UserEvent } from '@pagelog/contracts/events/user-events';
import { readModels } from '@pagelog/contracts/read-models';
import type { RoleDoc, UserDoc } from '@pagelog/contracts/users/user-docs';
import type { UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';
import { alreadyApplied, defineProjection, type RecordedOf } from '../core/projection';

const users = readModels.users.collection;
const roles = readModels.roles.collection;

type UserChange = Extract<UserEvent['type'], 'UserActivated' | 'UserProfileChanged' | 'UserRoleChanged' | 'UserImageChanged'>;
type Handled = UserChange | Extract<UserEvent['type'], 'UserRegistered' | 'UserDeleted'> | RoleEvent['type'];

const userIdOf = (event: { stream: string }) => event.stream.slice('user-'.length);

function stamp(event: RecordedOf<Handled>) {
  return { updatedAt: event.metadata.occurredAt, updatedBy: event.metadata.actorId, revision: event.revision };
}

/** A change to a listed user: skipped for a user not (or no longer) listed, and for an event the document has seen. */
function onUser<K extends UserChange>(change: (event: RecordedOf<K>, current: UserDoc) => Partial<UserDoc>) {
  return async (event: RecordedOf<K>, uow: UnitOfWork) => {
    const id = userIdOf(event);
    const current = await uow.get<UserDoc>(users, id);
    if (!current || alreadyApplied(current, event)) return;
    uow.put(users, id, { ...current, ...change(event, current), ...stamp(event) });
  };
}

/** Users (for the user list) and roles (for the role picker). */
export const usersProjection = defineProjection<Handled>({
  name: readModels.users.projection,
  version: 1,
  collections: [
    { name: users, indexes: ['status', 'roleId'] },
    { name: roles, indexes: [] },
  ],
  prefetch(events) {
    return [
      { collection: users, ids: events.filter((e) => e.stream.startsWith('user-')).map(userIdOf) },
      { collection: roles, ids: events.filter((e) => e.type === 'RoleDefined').map((e) => (e.data as { roleId: string }).roleId) },
    ];
  },
  handlers: {
    async RoleDefined(event, uow) {
      const { roleId, name, permissions } = event.data;
      const current = await uow.get<RoleDoc>(roles, roleId);
      if (alreadyApplied(current, event)) return;
      uow.put(roles, roleId, { ID: roleId, name, permissions, revision: event.revision });
    },
    async UserRegistered(event, uow) {
      const id = userIdOf(event);
      if (alreadyApplied(await uow.get<UserDoc>(users, id), event)) return;
      uow.put(users, id, {
        ID: id,
        roleId: event.data.roleId,
        status: 'pending',
        personal: event.data.personal,
        imageId: null,
        createdAt: event.metadata.occurredAt,
        ...stamp(event),
      } satisfies UserDoc);
    },
    async UserDeleted(event, uow) {
      const id = userIdOf(event);
      if (alreadyApplied(await uow.get<UserDoc>(users, id), event)) return;
      uow.delete(users, id);
    },
    UserActivated: onUser(() => ({ status: 'active' })),
    UserProfileChanged: onUser((event) => ({ personal: event.data.personal })),
    UserRoleChanged: onUser((event) => ({ roleId: event.data.roleId })),
    UserImageChanged: onUser((event) => ({ imageId: event.data.imageId })),
  },
});
