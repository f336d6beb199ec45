import type { Logger } from 'pino';

/** What the middleware stack puts on `ctx.state` for every API request. */
export interface RequestState {
  requestId: string;
  log: Logger;
  /** Who is acting. Until sessions exist every call acts as the system actor. */
  actorId: string;
}
