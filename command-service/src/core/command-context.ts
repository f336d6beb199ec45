import { v7 as uuidv7 } from 'uuid';

/**
 * What a command knows of its circumstances. Deciders never read the clock or make ids: the
 * time, the actor and new ids arrive here, so a decider stays a pure function.
 */
export interface CommandContext {
  actorId: string;
  correlationId: string;
  /** The command (request) that causes the events. */
  causationId: string;
  /** ISO time of the command. */
  now: string;
  newId(): string;
}

export function commandContext(actorId: string, correlationId: string, now = new Date()): CommandContext {
  return { actorId, correlationId, causationId: correlationId, now: now.toISOString(), newId: () => uuidv7() };
}

/** The system actor: seeding and anything done before authentication exists. */
export const SYSTEM_ACTOR = 'system';
