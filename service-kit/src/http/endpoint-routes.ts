import type { Context, Middleware, Next } from 'koa';
import compose from 'koa-compose';
import type { AnySchema, InferType } from 'yup';
import { endpoints, FILE_BODY, type EndpointMatch, type EndpointName, type ResponseOf } from '@pagelog/contracts/endpoints';
import { POSITION_HEADER, type ErrorItem } from '@pagelog/contracts/envelope';
import { parseInput } from '@pagelog/contracts/input';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { isStorableText } from '@pagelog/contracts/validation';
import type { IdempotencyStore } from '@pagelog/storage/idempotency-store/idempotency-store';
import { AlreadyAnswered, idempotencyKeyOf, KeyedCommand } from './idempotency';

/** The validated input of an endpoint: its schema's type, or nothing for a call that takes none. */
export type EndpointInput<N extends EndpointName> = (typeof endpoints)[N] extends { schema: infer S extends AnySchema } ? InferType<S> : Record<string, never>;

/**
 * An answer that is more than its data: another status, errors beside the data (the public 404
 * page), warnings beside a success (a link to a page that is not published), more fields on the
 * envelope (login's `User`), or a position for data that does not carry one. Made with
 * `reply(data, options)`.
 */
export class Reply<T> {
  constructor(
    readonly data: T,
    readonly options: { status?: number; errors?: ErrorItem[]; warnings?: ErrorItem[]; envelope?: Record<string, unknown>; position?: number } = {},
  ) {}
}

export function reply<T>(data: T, options: Reply<T>['options']): Reply<T> {
  return new Reply(data, options);
}

/**
 * A route's handler: the request (with `ctx.params` from the table's path) and its validated input
 * in, the endpoint's answer data (its type from the table) out; the route wraps it in the envelope.
 */
export type EndpointHandler<N extends EndpointName> = (ctx: Context, input: EndpointInput<N>) => Promise<ResponseOf<N> | Reply<ResponseOf<N>>>;

/**
 * Writes a handler's answer: the envelope around the data, and for a command the position of its
 * last event (in the data and the X-Pagelog-Position header). A file was sent by the handler.
 */
function answerWith(ctx: Context, kind: 'command' | 'query', answer: unknown): void {
  if (answer === FILE_BODY) return;
  const { data, options } = answer instanceof Reply ? answer : new Reply(answer);
  const carried = (data as { position?: unknown } | null)?.position;
  const position = options.position ?? (kind === 'command' && typeof carried === 'number' ? carried : undefined);
  if (position !== undefined) ctx.set(POSITION_HEADER, String(position));
  if (options.status !== undefined) ctx.status = options.status;
  const errors = options.errors ?? [];
  const warnings = options.warnings ?? [];
  ctx.body = { Success: errors.length === 0, Errors: errors, data, ...(warnings.length > 0 ? { Warnings: warnings } : {}), ...options.envelope };
}

/** What the routes of an API process share. */
export interface RouteServices {
  /** Where commands sent with an Idempotency-Key are recorded; without it the header is checked and not used. */
  idempotency?: IdempotencyStore;
  /** The time keys are recorded at (tests move it); default Date.now. */
  clock?: () => number;
}

/** One endpoint of the table with the code that answers it. */
export interface EndpointRoute {
  readonly name: EndpointName;
  readonly kind: 'command' | 'query';
  run(ctx: Context, services?: RouteServices): Promise<void>;
}

function define(kind: 'command' | 'query') {
  return <N extends EndpointName>(name: N, ...stack: [...Middleware[], EndpointHandler<N>]): EndpointRoute => {
    const endpoint = endpoints[name] as (typeof endpoints)[EndpointName] & { schema?: AnySchema; multipart?: boolean };
    if (endpoint.kind !== kind) throw new Error(`${name} is a ${endpoint.kind} in the endpoint table, not a ${kind}`);
    const handler = stack[stack.length - 1] as EndpointHandler<N>;
    const before = stack.slice(0, -1) as Middleware[];
    return {
      name,
      kind,
      async run(ctx, services = {}) {
        // Uploads read their multipart body themselves, with their own limits.
        const input = endpoint.multipart
          ? ({} as EndpointInput<N>)
          : (parseInput(endpoint.schema, endpoint.method === 'GET' ? ctx.query : ctx.request.body, endpoint.model, endpoint.method === 'GET' ? 'ignore' : 'refuse') as EndpointInput<N>);
        const answer = compose<Context>([...before, async (c: Context) => answerWith(c, kind, await handler(c, input))] as never);
        if (kind === 'query') return answer(ctx);
        if (!services.idempotency) {
          // A process wired without the store (some tests) still refuses a malformed key.
          idempotencyKeyOf(ctx, endpoint.model);
          return answer(ctx);
        }
        const keyed = KeyedCommand.of(ctx, services.idempotency, name, endpoint.model, services.clock);
        if (!keyed) return answer(ctx);
        // An upload's fingerprint needs the file, which its handler reads: it admits the request then.
        if (endpoint.multipart) keyed.deferAdmit(ctx);
        else if (!(await keyed.admit(ctx, input))) return;
        try {
          await answer(ctx);
        } catch (error) {
          if (error instanceof AlreadyAnswered) return;
          await keyed.failed(ctx, error);
          throw error;
        }
        await keyed.succeeded(ctx);
      },
    };
  };
}

/** A route for a command of the endpoint table: method, path, schema and model come from the table. */
export const command = define('command');

/** A route for a query of the endpoint table. */
export const query = define('query');

/**
 * Answers the request with the route of the endpoint the gate matched (`ctx.state.endpoint`),
 * so a route exists only for an entry of the table, and access, input and handler all follow
 * the same match. Requests for endpoints this process does not serve pass on.
 */
export function endpointRouter(routes: readonly EndpointRoute[], services: RouteServices = {}): Middleware {
  const byName = new Map<EndpointName, EndpointRoute>();
  for (const route of routes) {
    if (byName.has(route.name)) throw new Error(`two routes for ${route.name}`);
    byName.set(route.name, route);
  }
  return async (ctx: Context, next: Next) => {
    const match = ctx.state.endpoint as EndpointMatch | null | undefined;
    const route = match ? byName.get(match.name) : undefined;
    if (!route || !match) return next();
    // Path parameters are ids and names: valid UTF-8, text a store can hold, of a sane length.
    const bad = Object.entries(match.params).filter(
      ([name, value]) => match.undecodable.includes(name) || value.length > MAX_PARAM_LENGTH || !isStorableText(value),
    );
    if (bad.length > 0) throw new ValidationError(bad.map(([name]) => errorItem('V_12', name, match.endpoint.model)));
    ctx.params = match.params;
    await route.run(ctx, services);
  };
}

/** The longest path parameter a route takes (ids are 36 characters). */
const MAX_PARAM_LENGTH = 256;
