import { API_BASE, endpoints, endpointUrl, IDEMPOTENCY_KEY_HEADER, type EndpointName, type HttpMethod, type ResponseOf } from '@pagelog/contracts/endpoints';
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
  /** What a command that succeeded warns about (links to pages that are not published), when there is anything. */
  Warnings?: ErrorItem[];
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
  /**
   * The Idempotency-Key of the user action this state-changing call belongs to. By default every
   * call is an action of its own, with a fresh key (kept for its retries, see createApiClient).
   */
  idempotencyKey?: string;
}

export interface CallOptions extends Omit<RequestOptions, 'signalsSessionEnd'> {
  /** Values of the endpoint path's `:name` parameters. */
  params?: Record<string, string>;
}

export interface ApiClient {
  /** A call below /api/cms, e.g. request('GET', '/user/list', { query }). */
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<ApiReply<T>>;
  /** A call of the contract's endpoint table, by name; its data is of the type the table declares. */
  call<N extends EndpointName>(endpoint: N, options?: CallOptions): Promise<ApiReply<ResponseOf<N>>>;
  /** The latest CSRF token the server handed out, if any yet. */
  csrfToken(): string | null;
  /** The highest X-Pagelog-Position seen: what later reads must reflect. */
  minPosition(): number;
  /**
   * Listens for a position higher than any seen: a command was applied, so every read answered
   * before it may be out of date. Returns a function that stops it.
   */
  onPosition(listener: (position: number) => void): () => void;
  /**
   * Takes in the position of a command answered outside this client (an upload sent with
   * XMLHttpRequest for its progress events), so later reads reflect it as well.
   */
  notePosition(position: number): void;
  /** Listens for 401 replies of calls that need a session. Returns a function that stops it. */
  onSessionEnd(listener: () => void): () => void;
}

export interface ApiClientOptions {
  fetch?: typeof globalThis.fetch;
  base?: string;
  /** Waits between retries (specs pass one that does not). */
  sleep?: (ms: number) => Promise<void>;
  /** Makes the Idempotency-Key of a new user action. */
  newKey?: () => string;
}

/** How often a state-changing call is sent again after no answer, a 503, or a 409 for its key still at work. */
const RETRIES = 2;
/** The waits before those retries when the server names none (Retry-After), and the longest wait taken. */
const RETRY_DELAYS_MS = [500, 2_000];
const MAX_RETRY_DELAY_MS = 5_000;
/** A call that ended without an answer keeps its key this long for the same call sent again (the server keeps keys 24 h). */
const UNSETTLED_KEY_MS = 60 * 60_000;

/**
 * A new Idempotency-Key. crypto.randomUUID exists only in secure contexts (https, localhost); an
 * admin served over plain http on another host makes its key from getRandomValues instead.
 */
export function newIdempotencyKey(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether a state-changing call may have been applied without its answer arriving, or is still at work: send it again with its key. */
function unsettled(status: number, errors: readonly ErrorItem[]): boolean {
  return status === 0 || status === 503 || (status === 409 && errors.some((error) => error.property === IDEMPOTENCY_KEY_HEADER));
}

/**
 * The admin's one way to the API. It follows the session's CSRF token (the server rotates it with
 * the session id at login, so the latest one seen wins), sends it with X-Requested-With on every
 * state-changing call, and asks every call to reflect the latest write it saw (read-your-writes:
 * X-Pagelog-Min-Position). It never throws for an HTTP status: a failed call answers Success
 * false with catalogue errors (G_01 when the server gave none).
 *
 * Every state-changing call carries an Idempotency-Key, one per user action (decision 0007). A
 * call that got no answer (offline, a dropped connection), a 503, or a 409 because its first
 * attempt is still at work, is sent again a couple of times with back-off, always with the same
 * key, so a write that was applied is answered with its result instead of being made twice. When
 * it still ends unanswered, the same call sent again (the user presses save again on the same
 * content) reuses the key for an hour.
 */
export function createApiClient({
  fetch = (...args) => globalThis.fetch(...args),
  base = API_BASE,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  newKey = newIdempotencyKey,
}: ApiClientOptions = {}): ApiClient {
  let token: string | null = null;
  let position = 0;
  const sessionEndListeners = new Set<() => void>();
  const positionListeners = new Set<(position: number) => void>();
  /** Keys of calls that ended unanswered, by what they sent. */
  const unsettledKeys = new Map<string, { key: string; at: number }>();

  function remember(headers: Headers) {
    const newToken = headers.get(CSRF_HEADER);
    if (newToken) token = newToken;
    notePosition(Number(headers.get(POSITION_HEADER)));
  }

  function notePosition(newPosition: number) {
    if (Number.isSafeInteger(newPosition) && newPosition > position) {
      position = newPosition;
      for (const listener of [...positionListeners]) listener(position);
    }
  }

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<ApiReply<T>> {
    if (method === 'GET') return (await send<T>(method, path, options)).reply;
    // One user action, one key, on every attempt; an earlier unanswered attempt of the very same
    // call lends it its key.
    const sent = options.formData ? null : `${method} ${path}${queryString(options.query)} ${JSON.stringify(options.body ?? {})}`;
    const earlier = sent === null ? undefined : unsettledKeys.get(sent);
    const key = options.idempotencyKey ?? (earlier && Date.now() - earlier.at < UNSETTLED_KEY_MS ? earlier.key : newKey());
    const keyed = { ...options, idempotencyKey: key };
    let result = await sendWithToken<T>(method, path, keyed);
    for (let retry = 0; retry < RETRIES && unsettled(result.reply.status, result.reply.Errors); retry++) {
      await sleep(Math.min(result.retryAfterMs ?? RETRY_DELAYS_MS[retry]!, MAX_RETRY_DELAY_MS));
      result = await sendWithToken<T>(method, path, keyed);
    }
    if (sent !== null) {
      unsettledKeys.delete(sent);
      for (const [each, { at }] of unsettledKeys) if (Date.now() - at >= UNSETTLED_KEY_MS) unsettledKeys.delete(each);
      if (unsettled(result.reply.status, result.reply.Errors)) unsettledKeys.set(sent, { key, at: earlier?.key === key ? earlier.at : Date.now() });
    }
    return result.reply;
  }

  async function sendWithToken<T>(method: HttpMethod, path: string, options: RequestOptions): Promise<Sent<T>> {
    const result = await send<T>(method, path, options);
    const { reply } = result;
    // The server refused the CSRF token: the session it belonged to has ended (a log-out, an idle
    // anonymous session). The session check starts a fresh one and hands out its token; the
    // refused call changed nothing, so it is safe to send once more.
    if (path !== sessionCheckPath && reply.status === 403 && reply.Errors.some((error) => error.code === 'AUTH_06')) {
      const check = await send(endpoints.authUser.method, sessionCheckPath, { signalsSessionEnd: false });
      if (check.reply.status !== 0) return send<T>(method, path, options);
    }
    return result;
  }

  async function send<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<Sent<T>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (method !== 'GET') {
      headers[REQUESTED_WITH_HEADER] = REQUESTED_WITH_VALUE;
      if (token) headers[CSRF_HEADER] = token;
      if (options.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;
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
      return { reply: failed(0), retryAfterMs: null };
    }
    remember(response.headers);
    const retryAfter = Number(response.headers.get('Retry-After') ?? Number.NaN);
    const retryAfterMs = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : null;

    if (response.status === 401 && options.signalsSessionEnd !== false) {
      for (const listener of [...sessionEndListeners]) listener();
    }

    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      return { reply: failed(response.status), retryAfterMs };
    }
    if (!isEnvelope(parsed)) return { reply: failed(response.status), retryAfterMs };
    const reply: ApiReply<T> = {
      status: response.status,
      // A 2xx is needed as well: a proxy's error page never counts as success.
      Success: parsed.Success === true && response.ok,
      Errors: Array.isArray(parsed.Errors) ? parsed.Errors : [],
      data: (parsed.data ?? null) as T | null,
    };
    if ('User' in parsed) reply.User = parsed.User;
    if (Array.isArray(parsed.Warnings) && parsed.Warnings.length > 0) reply.Warnings = parsed.Warnings;
    if (!reply.Success && reply.Errors.length === 0) reply.Errors = [errorItem('G_01')];
    return { reply, retryAfterMs };
  }

  return {
    request,
    call<N extends EndpointName>(name: N, { params, ...options }: CallOptions = {}) {
      const endpoint = endpoints[name];
      const path = endpointUrl(name, params).slice(API_BASE.length);
      return request<ResponseOf<N>>(endpoint.method, path, { ...options, signalsSessionEnd: endpoint.access !== 'public' });
    },
    csrfToken: () => token,
    minPosition: () => position,
    notePosition,
    onSessionEnd(listener) {
      sessionEndListeners.add(listener);
      return () => sessionEndListeners.delete(listener);
    },
    onPosition(listener) {
      positionListeners.add(listener);
      return () => positionListeners.delete(listener);
    },
  };
}

const sessionCheckPath = endpoints.authUser.path;

/** A reply with the wait the server asked for before a retry (Retry-After), if any. */
interface Sent<T> {
  reply: ApiReply<T>;
  retryAfterMs: number | null;
}

function failed<T>(status: number): ApiReply<T> {
  return { status, Success: false, Errors: [errorItem('G_01')], data: null };
}

function isEnvelope(value: unknown): value is { Success?: unknown; Errors?: ErrorItem[]; data?: unknown; User?: unknown; Warnings?: unknown } {
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
