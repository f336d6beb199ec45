import { roleStream, type RoleEvent } from '@pagelog/contracts/events/user-events';
import { seededRoles } from '@pagelog/contracts/permissions';
import type { CommandContext } from '../core/command-context';
import type { CommandDeps } from '../core/command-deps';

const roleEvolver = { initialState: { defined: false }, evolve: (_s: { defined: boolean }, _e: RoleEvent) => ({ defined: true }) };

/** Defines the seeded roles once each (a role already defined is left as it is). Answers how many were defined. */
export async function seedRoles(deps: CommandDeps, context: CommandContext): Promise<number> {
  let defined = 0;
  for (const role of seededRoles) {
    const result = await deps.handle(
      roleStream(role.ID),
      'any',
      roleEvolver,
      (state): RoleEvent[] => (state.defined ? [] : [{ type: 'RoleDefined', data: { roleId: role.ID, name: role.name, permissions: role.permissions } }]),
      context,
    );
    defined += result.events.length;
  }
  return defined;
}
