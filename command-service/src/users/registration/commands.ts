import { ConflictError, ValidationError } from '@pagelog/contracts/domain-errors';
import { USER_DIRECTORY_STREAM, userStream, type PersonalData } from '@pagelog/contracts/events/user-events';
import type { UserView } from '@pagelog/contracts/users/user';
import type { CommandContext } from '../../core/command-context';
import { claimEmail, emailIndexOf, giveBackEmail } from '../email-claim';
import { failingAs } from '../failing-as';
import { hashPassword, isCommonPassword } from '../passwords';
import { newToken } from '../tokens';
import type { UserActor } from '../user-access';
import { roleFacts, userViewOf } from '../user-lookups';
import { userEvolver } from '../user-state';
import type { UsersDeps } from '../users-deps';
import { checkRegistration, registrationDecider, type RegistrationFacts } from './decider';

export interface NewUser {
  email: string;
  roleId: string;
  name: string;
  jobTitle: string;
  /** Set for the first administrator: active at once, no activation mail. */
  password?: string;
}

const directoryEvolver = { initialState: null, evolve: () => null };

/** Registers a user: claims the address, seals the personal data; the mails reactor sends the activation link. */
export async function registerUser(deps: UsersDeps, input: NewUser, actor: UserActor, context: CommandContext): Promise<{ userId: string; position: number; view: UserView }> {
  const facts: RegistrationFacts = {
    actor,
    roleExists: (await roleFacts(deps, input.roleId)).exists,
    passwordIsCommon: input.password !== undefined && isCommonPassword(input.password),
  };
  // Refused before anything is claimed, so a refused registration leaves no claim behind.
  checkRegistration(facts);
  return failingAs(deps, 'UM_09', async () => {
    const userId = context.newId();
    const emailIndex = emailIndexOf(deps, input.email);
    // The link's secret is random, not a context id: a keyed retry must not make the same token again.
    const token = input.password === undefined ? newToken(userId) : null;
    const held = await claimEmail(deps, emailIndex, userId, context);
    let result;
    try {
      await deps.vault.createKey(userId);
      const personal = await deps.vault.seal(userId, { name: input.name, email: input.email, jobTitle: input.jobTitle } satisfies PersonalData);
      const secret = input.password === undefined ? null : await deps.vault.seal(userId, await hashPassword(input.password));
      // The link's token goes sealed into the event: the mails reactor sends it (decision 0009).
      const activation = token ? { tokenHash: token.tokenHash, sealedToken: await deps.vault.seal(userId, token.token) } : null;
      result = await deps
        .handle(
          userStream(userId),
          0,
          userEvolver,
          (state) =>
            registrationDecider.decide(
              { type: 'RegisterUser', data: { ...facts, userId, roleId: input.roleId, emailIndex, personal, activation, secret, now: context.now, usesClaim: held } },
              state,
            ),
          context,
        )
        .catch((error: unknown) => {
          // Its stream was written first: by a takeover of the address this registration was too
          // slow to use (ClaimFenced). The address is taken now.
          if (error instanceof ConflictError) throw ValidationError.of('V_06', 'email', 'user');
          throw error;
        });
    } catch (error) {
      await giveBackEmail(deps, emailIndex, userId, held, context, error);
      throw error;
    }
    await deps.handle(USER_DIRECTORY_STREAM, 'any', directoryEvolver, () => [{ type: 'UserListed', data: { userId } }], context);
    return { userId, position: result.position, view: await userViewOf(deps, userId) };
  });
}
