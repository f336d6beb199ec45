import { API_BASE, endpoints, endpointUrl, type EndpointName, type HttpMethod } from '@pagelog/contracts/endpoints';
import { MIN_POSITION_HEADER, POSITION_HEADER, type ErrorItem } from '@pagelog/contracts/envelope';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { CSRF_HEADER, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@pagelog/contracts/users/user';

/** A reply as the screens use it: the envelope's parts plus the HTTP status. */
export interface ApiReply<T> {
  /** 0 when the call never got an answer (offline, aborted). */
  status: number;
  Success: boolean;
  Errors: ErrorItem[];
  /** null on failure. */
  data: T | null;
  /** Only the login reply carries the user here as well. */
  User?: unknown;
}

export interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data instead of a JSON body. */
  formData?: FormData;
  /**
   * Whether a 401 reply means "the session has ended" (default). The public calls say no: there a
   * 401 is an answer (wrong credentials), not a lost session.
   */
  signalsSessionEnd?: boolean;
}

export interface CallOptions extends Omit<RequestOptions, 'signalsSessionEnd'> {
  /** Values of the endpoint path's `:name` parameters. */
  params?: Record<string, string>;
}

export interface ApiClient {
  /** A call below /api/cms, e.g. request('GET', '/user/list', { query }). */
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<ApiReply<T>>;
  /** A call of the contract's endpoint table, by name. */
  call<T>(endpoint: EndpointName, options?: CallOptions): Promise<ApiReply<T>>;
  /** The latest CSRF token the server handed out, if any yet. */
  csrfToken(): string | null;
  /** The highest X-Pagelog-Position seen: what later reads must reflect. */
  minPosition(): number;
  /** Listens for 401 replies of calls that need a session. Returns a function that stops it. */
  onSessionEnd(listener: () => void): () => void;
}

export interface ApiClientOptions {
  fetch?: typeof globalThis.fetch;
  base?: string;
}

/**
 * The admin's one way to the API. It follows the session's CSRF token (the server rotates it with
 * the session id at login, so the latest one seen wins), sends it with X-Requested-With on every
 * state-changing call, and asks every call to reflect the latest write it saw (read-your-writes:
 * X-Pagelog-Min-Position). It never throws for an HTTP status: a failed call answers Success
 * false with catalogue errors (G_01 when the server gave none).
 */
export function createApiClient({ fetch = (...args) => globalThis.fetch(...args), base = API_BASE }: ApiClientOptions = {}): ApiClient {
  let token: string | null = null;
  let position = 0;
  const sessionEndListeners = new Set<() => void>();

  function remember(headers: Headers) {
    const newToken = headers.get(CSRF_HEADER);
    if (newToken) token = newToken;
    const newPosition = Number(headers.get(POSITION_HEADER));
    if (Number.isSafeInteger(newPosition) && newPosition > position) position = newPosition;
  }

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<ApiReply<T>> {
    const reply = await send<T>(method, path, options);
    // The server refused the CSRF token: the session it belonged to has ended (a log-out, an idle
    // anonymous session). The session check starts a fresh one and hands out its token; the
    // refused call changed nothing, so it is safe to send once more.
    if (method !== 'GET' && path !== sessionCheckPath && reply.status === 403 && reply.Errors.some((error) => error.code === 'AUTH_06')) {
      const check = await send(endpoints.authUser.method, sessionCheckPath, { signalsSessionEnd: false });
      if (check.status !== 0) return send<T>(method, path, options);
    }
    return reply;
  }

  async function send<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<ApiReply<T>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (method !== 'GET') {
      headers[REQUESTED_WITH_HEADER] = REQUESTED_WITH_VALUE;
      if (token) headers[CSRF_HEADER] = token;
    }
    if (position > 0) headers[MIN_POSITION_HEADER] = String(position);

    let body: BodyInit | undefined;
    if (options.formData) {
      // The browser sets multipart/form-data with its boundary itself.
      body = options.formData;
    } else if (method !== 'GET') {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body ?? {});
    }

    let response: Response;
    try {
      response = await fetch(base + path + queryString(options.query), { method, headers, body, credentials: 'same-origin' });
    } catch {
      return failed(0);
    }
    remember(response.headers);

    if (response.status === 401 && options.signalsSessionEnd !== false) {
      for (const listener of [...sessionEndListeners]) listener();
    }

    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      return failed(response.status);
    }
    if (!isEnvelope(parsed)) return failed(response.status);
    const reply: ApiReply<T> = {
      status: response.status,
      // A 2xx is needed as well: a proxy's error page never counts as success.
      Success: parsed.Success === true && response.ok,
      Errors: Array.isArray(parsed.Errors) ? parsed.Errors : [],
      data: (parsed.data ?? null) as T | null,
    };
    if ('User' in parsed) reply.User = parsed.User;
    if (!reply.Success && reply.Errors.length === 0) reply.Errors = [errorItem('G_01')];
    return reply;
  }

  return {
    request,
    call<T>(name: EndpointName, { params, ...options }: CallOptions = {}) {
      const endpoint = endpoints[name];
      const path = endpointUrl(name, params).slice(API_BASE.length);
      return request<T>(endpoint.method, path, { ...options, signalsSessionEnd: endpoint.access !== 'public' });
    },
    csrfToken: () => token,
    minPosition: () => position,
    onSessionEnd(listener) {
      sessionEndListeners.add(listener);
      return () => sessionEndListeners.delete(listener);
    },
  };
}

const sessionCheckPath = endpoints.authUser.path;

function failed<T>(status: number): ApiReply<T> {
  return { status, Success: false, Errors: [errorItem('G_01')], data: null };
}

function isEnvelope(value: unknown): value is { Success?: unknown; Errors?: ErrorItem[]; data?: unknown; User?: unknown } {
  return typeof value === 'object' && value !== null && 'Success' in value;
}

function queryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
