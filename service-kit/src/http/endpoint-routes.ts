import type { Context, Middleware, Next } from 'koa';
import compose from 'koa-compose';
import type { AnySchema, InferType } from 'yup';
import { endpoints, type EndpointMatch, type EndpointName } from '@pagelog/contracts/endpoints';
import { parseInput } from '@pagelog/contracts/input';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { isStorableText } from '@pagelog/contracts/validation';

/** The validated input of an endpoint: its schema's type, or nothing for a call that takes none. */
export type EndpointInput<N extends EndpointName> = (typeof endpoints)[N] extends { schema: infer S extends AnySchema } ? InferType<S> : Record<string, never>;

/** A route's handler: the request (with `ctx.params` from the table's path) and its validated input. */
export type EndpointHandler<N extends EndpointName> = (ctx: Context, input: EndpointInput<N>) => Promise<void> | void;

/** One endpoint of the table with the code that answers it. */
export interface EndpointRoute {
  readonly name: EndpointName;
  readonly kind: 'command' | 'query';
  run(ctx: Context): Promise<void>;
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
      async run(ctx) {
        // Uploads read their multipart body themselves, with their own limits.
        const input = endpoint.multipart
          ? ({} as EndpointInput<N>)
          : (parseInput(endpoint.schema, endpoint.method === 'GET' ? ctx.query : ctx.request.body, endpoint.model, endpoint.method === 'GET' ? 'ignore' : 'refuse') as EndpointInput<N>);
        await compose<Context>([...before, async (c: Context) => handler(c, input)] as never)(ctx);
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
export function endpointRouter(routes: readonly EndpointRoute[]): Middleware {
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
    await route.run(ctx);
  };
}

/** The longest path parameter a route takes (ids are 36 characters). */
const MAX_PARAM_LENGTH = 256;
