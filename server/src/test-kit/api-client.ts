import { MIN_POSITION_HEADER, POSITION_HEADER, type Envelope } from '@pagelog/contracts/envelope';

export interface ApiReply<T = any> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

/**
 * A small client that behaves like the admin: it remembers the highest position it has been
 * given and sends it with every query, so it always reads its own writes.
 */
export class ApiClient {
  lastPosition = 0;
  constructor(readonly baseUrl: string) {}

  async call<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiReply<T>> {
    const response = await fetch(`${this.baseUrl}/api/cms${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(this.lastPosition > 0 ? { [MIN_POSITION_HEADER]: String(this.lastPosition) } : {}),
        'X-Requested-With': 'XMLHttpRequest',
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
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

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.call<T>('GET', path, undefined, headers);
  }

  post<T = any>(path: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.call<T>('POST', path, body, headers);
  }
}
