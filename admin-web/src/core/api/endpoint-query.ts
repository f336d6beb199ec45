import { queryOptions } from '@tanstack/react-query';
import type { EndpointName, ResponseOf } from '@pagelog/contracts/endpoints';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import type { ApiClient, CallOptions } from './api-client';

/** What an endpoint's query is keyed by: the endpoint's name and what it is sent. */
export type EndpointKey = readonly [EndpointName, CallOptions];

/** A read that was not answered with Success and data: its HTTP status (0 without an answer) and errors. */
export class EndpointError extends Error {
  readonly endpoint: EndpointName;
  readonly status: number;
  readonly errors: readonly ErrorItem[];

  constructor(endpoint: EndpointName, status: number, errors: readonly ErrorItem[]) {
    super(`${endpoint} answered ${status}: ${errors.map((error) => error.code).join(', ')}`);
    this.name = 'EndpointError';
    this.endpoint = endpoint;
    this.status = status;
    this.errors = errors;
  }
}

/**
 * A read of the contract's endpoint table as a query, its data of the type the table declares,
 * keyed by the endpoint's name and what it is sent, so every screen that reads the same thing
 * shares one answer. Like every call it asks for
 * the latest position the client saw (read-your-writes), and ApiProvider invalidates it when a
 * command answers a newer one.
 */
export function endpointQuery<N extends EndpointName>(api: ApiClient, endpoint: N, options: CallOptions = {}) {
  return queryOptions({
    queryKey: [endpoint, options] as EndpointKey,
    queryFn: async (): Promise<ResponseOf<N>> => {
      const reply = await api.call(endpoint, options);
      if (!reply.Success || reply.data === null) throw new EndpointError(endpoint, reply.status, reply.Errors);
      return reply.data;
    },
  });
}
