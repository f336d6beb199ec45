import type { ApiReply } from '../core/api/api-client';
import type { PagesApi } from '../features/pages/api/pages-api';
import { aPage, aVersion } from './pages';
import { success } from './fake-users-api';

type Method = keyof PagesApi;

export interface RecordedPagesCall {
  method: Method;
  args: unknown[];
}

/**
 * A PagesApi that records its calls in order. Each method answers from its queue of replies
 * (`answer(method, ...replies)`, used up in order; the last one repeats) or a plausible success.
 */
export function fakePagesApi(page = aPage(), version = aVersion()) {
  const calls: RecordedPagesCall[] = [];
  const queues = new Map<Method, ApiReply<unknown>[]>();
  let revision = page.revision;

  const defaults: { [M in Method]: () => ApiReply<unknown> } = {
    list: () => success({ items: [], totalItems: 0 }),
    get: () => success({ ...page, revision }),
    fetchVersion: () => success({ pageVersion: version }),
    history: () => success([]),
    create: () => success({ pageID: 'page-new', pageVersionID: 'version-new', revision: 1 }),
    createTranslation: () => success({ pageID: 'page-translation', pageVersionID: 'version-t', revision: 1 }),
    duplicate: () => success({ pageID: 'page-copy', pageVersionID: 'version-c', revision: 1 }),
    slugAvailable: () => success({ available: true, slug: '', locale: '' }),
    anchorAvailable: () => success({ available: true }),
    save: () => success({ pageID: page.id, slug: page.slug, revision: ++revision, linksUpdated: 0 }),
    store: () => success({ pageID: page.id, pageVersionID: version.id, revision: ++revision, merged: false }),
    publish: () => success({ pageID: page.id, publishedVersionID: version.id, revision: ++revision }),
    unpublish: () => success({ pageID: page.id, publishedVersionID: null, revision: ++revision }),
    requestPublication: () => success({ pageID: page.id, pageVersionID: version.id, requestId: 'request-1', revision: ++revision }),
    acceptPublication: () => success({ pageID: page.id, revision: ++revision }),
    rejectPublication: () => success({ pageID: page.id, revision: ++revision }),
    revokePublication: () => success({ pageID: page.id, revision: ++revision }),
    resendPublication: () => success({ pageID: page.id, revision: ++revision }),
    fetchRequestComment: () => success({ comment: '', request: null }),
    delete: () => success({ pageID: page.id, revision: ++revision }),
  };

  const reply = (method: Method, args: unknown[]) => {
    calls.push({ method, args });
    const queue = queues.get(method);
    const answer = queue && queue.length > 0 ? (queue.length > 1 ? queue.shift()! : queue[0]!) : defaults[method]();
    return Promise.resolve(answer as never);
  };

  const api = Object.fromEntries(
    (Object.keys(defaults) as Method[]).map((method) => [method, (...args: unknown[]) => reply(method, args)]),
  ) as unknown as PagesApi;

  return {
    api,
    calls,
    methods: () => calls.map((call) => call.method),
    /** The arguments of the calls of one method, in order. */
    argsOf: (method: Method) => calls.filter((call) => call.method === method).map((call) => call.args),
    answer(method: Method, ...replies: ApiReply<unknown>[]) {
      queues.set(method, [...replies]);
    },
  };
}
