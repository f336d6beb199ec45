import type { AnyObjectSchema } from 'yup';
import type { CommandResult } from './envelope';
import type { Access } from './permissions';

/**
 * What an entry of the endpoint table is made of, shared by the table (endpoints.ts) and the
 * contexts' own parts of it (releases/release-endpoints.ts).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  /** Koa-router style path below API_BASE, e.g. `/page/:id`. */
  path: string;
  /** A command appends events (command service); a query reads (query service). */
  kind: 'command' | 'query';
  /** The model named in error items. */
  model: string;
  /** The yup schema of the body (POST/PUT) or query string (GET), if the call takes one. */
  schema?: AnyObjectSchema;
  /** Who may call it; one middleware enforces this for every route (401 / 403 UM_01). */
  access: Access;
  /**
   * Whether the call changes state and so needs the session's X-CSRF-Token and
   * X-Requested-With: XMLHttpRequest. Every POST, PUT and DELETE does, except the read-only
   * POSTs that say `csrf: false` (the session check, which hands out the token, look-ups and lists).
   * A public form's endpoint says `'double-submit'`: no session, the form token's header and cookie instead.
   */
  csrf?: boolean | 'double-submit';
  /** The body is multipart/form-data (a file upload) instead of JSON. */
  multipart?: boolean;
  /**
   * A GET that also answers HEAD (with the same access). HEAD is refused (405) everywhere else, so
   * no handler runs for a method the table does not name.
   */
  head?: boolean;
  /** The type of the answer's `data` (a phantom: only its type is read, see ResponseOf). */
  response: unknown;
}

/** Declares an endpoint's answer type: `response: returns<PageDetails>()`. */
export function returns<T>(): T {
  return undefined as T;
}

/** The answer of an endpoint that sends a file (bytes, not the JSON envelope). */
export const FILE_BODY: unique symbol = Symbol('file body');
export type FileBody = typeof FILE_BODY;

/** A command's answer: its data and the global position of its last event. */
export type Committed<T> = T & CommandResult;
export type Empty = Record<string, never>;
