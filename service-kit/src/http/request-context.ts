import type { Logger } from 'pino';

/** What the middleware stack puts on `ctx.state` for every API request. */
export interface RequestState {
  requestId: string;
  log: Logger;
  /** Who is acting: the signed-in user's id, or `anonymous`. */
  actorId: string;
}
