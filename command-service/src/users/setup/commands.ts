import { ValidationError } from '@pagelog/contracts/domain-errors';
import { SETUP_STREAM } from '@pagelog/contracts/events/user-events';
import { ADMINISTRATOR_ROLE } from '@pagelog/contracts/permissions';
import { adminLinks, tokenLink } from '@pagelog/contracts/users/user';
import { passwordRule } from '@pagelog/contracts/users/schemas';
import { validateInput } from '@pagelog/contracts/validation';
import { loadStream } from '@pagelog/storage/event-store/load-stream';
import { object, string } from 'yup';
import type { CommandContext } from '../../core/command-context';
import { registerUser } from '../registration/commands';
import { newToken, parseToken, SETUP_TTL_MS } from '../tokens';
import { SYSTEM_USER_ACTOR } from '../user-access';
import { isoAfter } from '../user-state';
import type { UsersDeps } from '../users-deps';
import { setupDecider, setupEvolver } from './decider';

const firstAdministratorSchema = object({
  name: string().trim().required('V_01').max(254, 'V_11'),
  email: string().trim().required('V_01').max(254, 'V_11').email('V_02'),
  password: passwordRule(),
});

const setupState = (deps: UsersDeps) => loadStream(deps.store, SETUP_STREAM, setupEvolver);

export async function isSetupComplete(deps: UsersDeps): Promise<boolean> {
  return (await setupState(deps)).state.completed;
}

/** A new one-time setup link (replacing any earlier one), or null when setup is done. */
export async function issueSetupLink(deps: UsersDeps, context: CommandContext): Promise<string | null> {
  const { state, revision } = await setupState(deps);
  if (state.completed) return null;
  const token = newToken('setup');
  await deps.handle(SETUP_STREAM, revision, setupEvolver, (s) => setupDecider.decide({ type: 'IssueSetupToken', data: { tokenHash: token.tokenHash, expiresAt: isoAfter(context.now, SETUP_TTL_MS) } }, s), context);
  return tokenLink(deps.publicUrl, adminLinks.setup, token.token);
}

/**
 * Creates the first administrator, through the setup link's token or (token null) from the
 * configuration or the command line. Only once: the setup stream's revision guards it.
 */
export async function completeSetup(
  deps: UsersDeps,
  input: { token: string | null; name: string; email: string; password: string },
  context: CommandContext,
): Promise<{ userId: string; position: number }> {
  // The same rules as the setup screen, also for the configuration and the command line.
  validateInput(firstAdministratorSchema, { email: input.email, password: input.password, name: input.name }, 'user');
  const { state, revision } = await setupState(deps);
  let tokenHash: string | null = null;
  if (input.token !== null) {
    const parsed = parseToken(input.token);
    if (!parsed || parsed.ownerId !== 'setup') throw ValidationError.of('V_04', 'token', 'user');
    tokenHash = parsed.tokenHash;
  }
  // Decided before anything is created, and again (by revision) when recording the completion.
  setupDecider.decide({ type: 'CompleteSetup', data: { userId: '', tokenHash, now: context.now } }, state);
  const created = await registerUser(
    deps,
    { email: input.email, roleId: ADMINISTRATOR_ROLE, name: input.name, jobTitle: '', password: input.password },
    SYSTEM_USER_ACTOR,
    context,
  );
  const done = await deps.handle(SETUP_STREAM, revision, setupEvolver, (s) => setupDecider.decide({ type: 'CompleteSetup', data: { userId: created.userId, tokenHash, now: context.now } }, s), context);
  return { userId: created.userId, position: done.position };
}
