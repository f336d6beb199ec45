import { roleStream, type RoleEvent } from '@pagelog/contracts/events/user-events';
import { ADMINISTRATOR_ROLE, seededRoles, type PermissionGrant, type RoleView } from '@pagelog/contracts/permissions';
import type { CommandContext } from '../core/command-context';
import type { CommandDeps } from '../core/command-deps';

interface RoleState {
  defined: boolean;
  permissions: PermissionGrant[];
}

const roleEvolver = {
  initialState: { defined: false, permissions: [] } as RoleState,
  evolve: (_s: RoleState, e: RoleEvent): RoleState => ({ defined: true, permissions: e.data.permissions }),
};

/**
 * What to record for a seeded role: its definition when it has none, and for the administrator,
 * who holds every permission, the whole list again when the product has gained permissions since
 * its role was defined (a store made before manage-settings existed). Other roles stay as defined.
 */
function seedRole(role: RoleView, state: RoleState): RoleEvent[] {
  const define: RoleEvent = { type: 'RoleDefined', data: { roleId: role.ID, name: role.name, permissions: role.permissions } };
  if (!state.defined) return [define];
  const held = new Set(state.permissions.map((p) => p.name));
  return role.ID === ADMINISTRATOR_ROLE && role.permissions.some((p) => !held.has(p.name)) ? [define] : [];
}

/** Defines the seeded roles once each (a role already defined is left as it is, but see seedRole). Answers how many were defined. */
export async function seedRoles(deps: CommandDeps, context: CommandContext): Promise<number> {
  let defined = 0;
  for (const role of seededRoles) {
    const result = await deps.handle(roleStream(role.ID), 'any', roleEvolver, (state) => seedRole(role, state), context);
    defined += result.events.length;
  }
  return defined;
}
