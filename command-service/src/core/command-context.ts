import { v7 as uuidv7 } from 'uuid';
import { KeyedWrites, type CommandIdentity } from './keyed-writes';

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
  /**
   * Only for a request with an Idempotency-Key: the ids of the command's writes come from the key,
   * as its new ids do, so a retry of the same command makes the same ones and finds what an
   * earlier attempt already wrote (see handle).
   */
  writes?: KeyedWrites;
}

/** The context of a command; with `identity` (an Idempotency-Key) its new ids are made from the key. */
export function commandContext(actorId: string, correlationId: string, now = new Date(), identity?: CommandIdentity): CommandContext {
  const base = { actorId, correlationId, causationId: correlationId, now: now.toISOString() };
  if (!identity) return { ...base, newId: () => uuidv7() };
  const writes = new KeyedWrites(identity);
  return { ...base, newId: () => writes.newId(), writes };
}

/** The system actor: seeding and anything done before authentication exists. */
export const SYSTEM_ACTOR = 'system';
