import { MIN_POSITION_HEADER, POSITION_HEADER, type Envelope } from '@pagelog/contracts/envelope';
import { CSRF_HEADER } from '@pagelog/contracts/users/user';

export interface ApiReply<T = any> {
  status: number;
  body: Envelope<T> & { User?: any };
  headers: Headers;
}

/** The administrator every test Pagelog starts with (PAGELOG_ADMIN_EMAIL / PAGELOG_ADMIN_PASSWORD). */
export const TEST_ADMIN = { email: 'admin@pagelog.test', password: 'Quiet-Harbour-Lantern-42' } as const;

export interface CallOptions {
  headers?: Record<string, string>;
  /** Leave out the session's CSRF token (to test its absence). */
  withoutCsrf?: boolean;
  /** Leave out X-Requested-With. */
  withoutRequestedWith?: boolean;
}

/**
 * A small client that behaves like the admin: it keeps the session cookie and the CSRF token the
 * API hands out, sends both with every call, and remembers the highest position it has been
 * given and sends it with every query, so it always reads its own writes.
 */
export class ApiClient {
  /** Shared between clients that should read each other's writes (see sharePositions). */
  private positions = { last: 0 };

  get lastPosition(): number {
    return this.positions.last;
  }

  set lastPosition(position: number) {
    this.positions.last = position;
  }

  /**
   * Makes the clients send the highest position any of them has been given, as people in one
   * room who tell each other "I just saved it" would: a test of several users then reads what
   * the others wrote, without waiting for luck.
   */
  static sharePositions(...clients: ApiClient[]): void {
    const shared = { last: Math.max(...clients.map((c) => c.lastPosition)) };
    for (const client of clients) client.positions = shared;
  }
  /** The session cookie (name=value) as the browser would send it, or null. */
  cookie: string | null = null;
  csrfToken: string | null = null;
  constructor(readonly baseUrl: string) {}

  /** A client logged in as `who` (the test administrator by default). */
  static async loggedIn(baseUrl: string, who: { email: string; password: string } = TEST_ADMIN): Promise<ApiClient> {
    const client = new ApiClient(baseUrl);
    const reply = await client.login(who.email, who.password);
    if (reply.status !== 200) throw new Error(`login as ${who.email} failed: ${reply.status} ${JSON.stringify(reply.body.Errors)}`);
    return client;
  }

  /** Starts a session (the session check hands out a CSRF token), then logs in. */
  async login(email: string, password: string, headers?: Record<string, string>): Promise<ApiReply> {
    if (!this.csrfToken) await this.post('/auth/user');
    return this.post('/auth/login', { email, password }, { headers });
  }

  async call<T = any>(method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<ApiReply<T>> {
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    const response = await fetch(`${this.baseUrl}/api/cms${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
        ...(this.lastPosition > 0 ? { [MIN_POSITION_HEADER]: String(this.lastPosition) } : {}),
        ...(options.withoutRequestedWith ? {} : { 'X-Requested-With': 'XMLHttpRequest' }),
        ...(this.csrfToken && !options.withoutCsrf ? { [CSRF_HEADER]: this.csrfToken } : {}),
        ...(this.cookie ? { Cookie: this.cookie } : {}),
        ...options.headers,
      },
      body: body === undefined ? undefined : isForm ? (body as FormData) : typeof body === 'string' ? body : JSON.stringify(body),
    });
    this.remember(response.headers);
    const text = await response.text();
    let parsed: Envelope<T>;
    try {
      parsed = JSON.parse(text) as Envelope<T>;
    } catch {
      parsed = { Success: false, Errors: [], data: text as unknown as T };
    }
    const position = Number(response.headers.get(POSITION_HEADER) ?? 0);
    if (position > this.lastPosition) this.lastPosition = position;
    return { status: response.status, body: parsed, headers: response.headers };
  }

  private remember(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      if (name !== 'pagelog_sid') continue;
      this.cookie = value ? `${name}=${value}` : null;
    }
    const token = headers.get(CSRF_HEADER);
    if (token) this.csrfToken = token;
  }

  get<T = any>(path: string, options?: CallOptions) {
    return this.call<T>('GET', path, undefined, options);
  }

  post<T = any>(path: string, body: unknown = {}, options?: CallOptions) {
    return this.call<T>('POST', path, body, options);
  }

  put<T = any>(path: string, body: unknown = {}, options?: CallOptions) {
    return this.call<T>('PUT', path, body, options);
  }

  delete<T = any>(path: string, options?: CallOptions) {
    return this.call<T>('DELETE', path, undefined, options);
  }
}
