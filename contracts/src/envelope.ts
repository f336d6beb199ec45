/** The reply shape of every JSON call: `{ Success, Errors, data }` (login adds `User`, a command may add `Warnings`). */
export interface ErrorItem {
  /** A code of the error catalogue (spec section 8), e.g. `V_01`. */
  code: string;
  /** The request property the error is about, or an empty string. */
  property: string;
  /** The model the property belongs to (e.g. `page`), or an empty string. */
  model: string;
  /** The catalogue message with the property label filled in. */
  message: string;
}

export interface Envelope<T> {
  Success: boolean;
  Errors: ErrorItem[];
  data: T;
  /**
   * What a command that succeeded wants the user to know (a link to a page that is not
   * published): items shaped like errors, but the command was carried out. Present only when
   * there is something to say.
   */
  Warnings?: ErrorItem[];
}

/** Body of every command reply: the global position of the command's last event. */
export interface CommandResult {
  position: number;
}

export function ok<T>(data: T): Envelope<T> {
  return { Success: true, Errors: [], data };
}

export function failure(errors: ErrorItem[]): Envelope<null> {
  return { Success: false, Errors: errors, data: null };
}

/** Headers of the read-your-writes protocol (see ARCHITECTURE.md, Consistency). */
export const POSITION_HEADER = 'X-Pagelog-Position';
export const MIN_POSITION_HEADER = 'X-Pagelog-Min-Position';
export const REQUEST_ID_HEADER = 'X-Request-Id';
