import { endpoints, lookupEndpoint, needsCsrf, type EndpointName } from '@pagelog/contracts/endpoints';
import { POSITION_HEADER } from '@pagelog/contracts/envelope';
import type { Settings } from '@pagelog/contracts/locales';
import { createApiClient, type ApiClient, type ApiReply } from '../core/api/api-client';
import { failure, success } from './replies';

/** One call the admin made, as the server saw it. */
export interface ServerCall {
  endpoint: EndpointName;
  /** The path's `:name` parameters. */
  params: Record<string, string>;
  /** The JSON body (a FormData as sent), or null. */
  body: unknown;
  query: Record<string, string>;
}

/** A reply, or a function of the call that makes one (or promises it, to answer later). */
export type Answer = ApiReply<unknown> | ((call: ServerCall) => ApiReply<unknown> | Promise<ApiReply<unknown>>);

export const siteSettings: Settings = { availableLocales: ['nl-nl', 'en-gb'], defaultLocale: 'nl-nl', customSlugLocales: [] };

/** What an endpoint answers unless a spec says otherwise: an empty but well-formed success. */
const emptyAnswers: Partial<Record<EndpointName, Answer>> = {
  authUser: success({ ID: 0 }),
  settingsGet: success(siteSettings),
  userList: success({ items: [], totalItems: 0 }),
  roleList: success([]),
  pageList: success({ items: [], totalItems: 0 }),
  pageSiteStructure: success({ locale: siteSettings.defaultLocale, nodes: [] }),
  pageFetchRequest: success([]),
  pageHistory: success([]),
  pageSchedules: success([]),
  pageTranslationStatus: success({ sourcePageId: null, stale: [] }),
  pageSlugAvailable: success({ available: true }),
  pageAnchorAvailable: success({ available: true }),
  tagsFetch: success([]),
  tagsFetchPrivate: success([]),
  tagsSearch: success([]),
  tagsSearchPrivate: success([]),
  formsSubmissions: success({ items: [], totalItems: 0 }),
  releaseList: success([]),
  newsletterPopupSettings: success({ availableLocales: siteSettings.availableLocales, locales: {}, defaults: {}, revision: 0 }),
};

/**
 * The API as the admin's UI specs meet it: a real API client over a fetch that finds the
 * endpoint of each request in the contract's table, records the call and answers it. Each
 * endpoint answers from its queue (`answer(endpoint, ...answers)`, used up in order, the last one
 * repeating), else from `answers`, else with an empty success. A successful command moves the
 * position on (X-Pagelog-Position), as the command service does, so the screens read again.
 */
export function fakeServer(answers: Partial<Record<EndpointName, Answer>> = {}) {
  const calls: ServerCall[] = [];
  const queues = new Map<EndpointName, Answer[]>();
  let position = 100;
  let keys = 0;

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const lookup = lookupEndpoint(init.method ?? 'GET', url.pathname);
    if (lookup.kind !== 'match') return respond(failure(404), {});
    const { name, params } = lookup.match;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? null);
    const call: ServerCall = { endpoint: name, params, body, query: Object.fromEntries(url.searchParams) };
    calls.push(call);
    const queue = queues.get(name);
    const answer = queue && queue.length > 0 ? (queue.length > 1 ? queue.shift()! : queue[0]!) : (answers[name] ?? emptyAnswers[name] ?? success({}));
    const reply = typeof answer === 'function' ? await answer(call) : answer;
    const endpoint = endpoints[name];
    const headers: Record<string, string> = {};
    if (reply.Success && endpoint.kind === 'command' && needsCsrf(endpoint)) headers[POSITION_HEADER] = String(++position);
    return respond(reply, headers);
  };

  function respond(reply: ApiReply<unknown>, headers: Record<string, string>): Response {
    const envelope = {
      Success: reply.Success,
      Errors: reply.Errors,
      data: reply.data,
      ...(reply.User === undefined ? {} : { User: reply.User }),
      ...(reply.Warnings === undefined ? {} : { Warnings: reply.Warnings }),
    };
    return new Response(JSON.stringify(envelope), { status: reply.status, headers: { 'Content-Type': 'application/json', ...headers } });
  }

  const api: ApiClient = createApiClient({ fetch, sleep: async () => {}, newKey: () => `key-${++keys}` });

  return {
    api,
    calls,
    /** The endpoints called, in order. */
    endpoints: () => calls.map((call) => call.endpoint),
    /** The calls of one endpoint, in order. */
    callsOf: (endpoint: EndpointName) => calls.filter((call) => call.endpoint === endpoint),
    answer(endpoint: EndpointName, ...replies: Answer[]) {
      queues.set(endpoint, [...replies]);
    },
  };
}

export type FakeServer = ReturnType<typeof fakeServer>;
