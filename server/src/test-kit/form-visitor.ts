/** A visitor of the site: no session, the forms' double-submit token fetched as a form does when it starts. */
export class Visitor {
  private token = '';
  private cookie = '';
  constructor(private readonly base: string) {}

  async start(): Promise<this> {
    const res = await fetch(`${this.base}/api/cms/forms/csrf-token`);
    const body = (await res.json()) as { data: { csrfToken: string } };
    this.token = body.data.csrfToken;
    this.cookie = (res.headers.getSetCookie()[0] ?? '').split(';')[0]!;
    return this;
  }

  async submit(body: unknown, options: { token?: boolean } = {}) {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Cookie: this.cookie };
    if (options.token ?? true) headers['X-CSRF-Token'] = this.token;
    const res = await fetch(`${this.base}/api/cms/forms/submit`, { method: 'POST', headers, body: JSON.stringify(body) });
    const json = (await res.json()) as { Success: boolean; Errors: { code: string; property: string; message: string }[]; data: { submissionId: string; form: string } | null };
    return { status: res.status, retryAfter: res.headers.get('retry-after'), ...json };
  }
}
