import { expect } from 'chai';
import { SUBSCRIPTION_LINK_TTL_MS } from '@pagelog/contracts/forms/newsletter-confirmation';
import { linkIn, readOutbox, tokenIn, waitForMail } from './test-kit/outbox';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';

type Reply = { status: number; Success: boolean; Errors: { code: string; property: string }[]; data: Record<string, unknown> | null };

/** A visitor of the site: no session, the forms' double-submit token fetched as an island does. */
class Visitor {
  private token = '';
  private cookie = '';
  constructor(private readonly base: string) {}

  async start(): Promise<this> {
    const res = await fetch(`${this.base}/api/cms/forms/csrf-token`);
    this.token = ((await res.json()) as { data: { csrfToken: string } }).data.csrfToken;
    this.cookie = (res.headers.getSetCookie()[0] ?? '').split(';')[0]!;
    return this;
  }

  async post(path: string, body: unknown, options: { token?: boolean } = {}): Promise<Reply> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Cookie: this.cookie };
    if (options.token ?? true) headers['X-CSRF-Token'] = this.token;
    const res = await fetch(`${this.base}/api/cms${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: res.status, ...((await res.json()) as Omit<Reply, 'status'>) };
  }
}

const errorsOf = (reply: Reply) => reply.Errors.map((e) => ({ code: e.code, property: e.property }));

/**
 * The newsletter's double opt-in through HTTP (issue 16): a subscription through forms/submit,
 * the opt-in mail the form-mails reactor writes to the outbox, and forms/confirm-subscription with
 * the token of its link: confirmed once, a second click answered the same, an expired, changed or
 * unknown token refused with a catalogue error (4xx), the store checked after each.
 */
for (const kind of storeKinds()) {
  describe(`forms/confirm-subscription (${kind})`, function () {
    this.timeout(120_000);
    let app: TestPagelog;
    let now = Date.now();
    let dataDir: string;

    before(async () => {
      app = await startTestPagelog(kind, { clock: () => now });
      dataDir = app.env.PAGELOG_DATA_DIR!;
    });
    after(async () => {
      await app?.stop();
    });

    async function confirmations(submissionId: string): Promise<number> {
      const all = await app.stores.eventStore.readAll({ after: 0, limit: 100_000 });
      return all.filter((e) => e.type === 'NewsletterSubscriptionConfirmed' && (e.data as { submissionId: string }).submissionId === submissionId).length;
    }

    /** Subscribes an address and answers the token of the link mailed to it. */
    async function subscribe(visitor: Visitor, email: string, locale = 'nl-nl'): Promise<{ submissionId: string; token: string; link: URL }> {
      const seen = (await readOutbox(dataDir)).length;
      const reply = await visitor.post('/forms/submit', { form: 'newsletter', locale, values: { email, privacyConsent: true }, website: '', startedAt: now - 10_000 });
      expect(reply.status, JSON.stringify(reply.Errors)).to.equal(200);
      const mail = await waitForMail(dataDir, email, /nieuwsbrief|newsletter/, seen);
      return { submissionId: reply.data!.submissionId as string, token: tokenIn(mail), link: linkIn(mail) };
    }

    it('confirms the subscription by the token of the mailed link, once; a second click answers the same', async () => {
      const visitor = await new Visitor(app.url).start();
      const { submissionId, token, link } = await subscribe(visitor, 'cor@voorbeeld.nl');
      expect(link.pathname).to.equal('/nieuwsbrief/bevestigen');
      const first = await visitor.post('/forms/confirm-subscription', { token });
      expect(first.status, JSON.stringify(first.Errors)).to.equal(200);
      expect(first.data).to.include({ submissionId, form: 'newsletter' });
      const again = await visitor.post('/forms/confirm-subscription', { token });
      expect(again.status).to.equal(200);
      expect(again.data).to.include({ submissionId, form: 'newsletter' });
      expect(await confirmations(submissionId)).to.equal(1);
    });

    it('refuses a changed token and one naming no submission (400 V_04), confirming nothing', async () => {
      const visitor = await new Visitor(app.url).start();
      const { submissionId, token } = await subscribe(visitor, 'dee@voorbeeld.nl', 'en-gb');
      const [id, mac] = token.split('.') as [string, string];
      const changed = `${id}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
      const unknown = `0190a000-0000-7000-8000-000000000000.${mac}`;
      for (const bad of [changed, unknown, id, 'x'.repeat(80)]) {
        const reply = await visitor.post('/forms/confirm-subscription', { token: bad });
        expect(reply.status, bad).to.equal(400);
        expect(errorsOf(reply), bad).to.deep.equal([{ code: 'V_04', property: 'token' }]);
      }
      expect((await visitor.post('/forms/confirm-subscription', {})).status).to.equal(400);
      expect(await confirmations(submissionId)).to.equal(0);
    });

    it('refuses a call without the visitor form token (403 AUTH_06): a link opened by a mail scanner confirms nothing', async () => {
      const visitor = await new Visitor(app.url).start();
      const { submissionId, token } = await subscribe(visitor, 'eva@voorbeeld.nl');
      const reply = await visitor.post('/forms/confirm-subscription', { token }, { token: false });
      expect(reply.status).to.equal(403);
      expect(errorsOf(reply)[0]!.code).to.equal('AUTH_06');
      expect(await confirmations(submissionId)).to.equal(0);
    });

    it('refuses a token from 7 days after the subscription on (400 V_05)', async () => {
      const { submissionId, token } = await subscribe(await new Visitor(app.url).start(), 'fien@voorbeeld.nl');
      now += SUBSCRIPTION_LINK_TTL_MS;
      // The form token of a visitor lasts hours: this one comes a week later.
      const later = await new Visitor(app.url).start();
      const reply = await later.post('/forms/confirm-subscription', { token });
      expect(reply.status).to.equal(400);
      expect(errorsOf(reply)).to.deep.equal([{ code: 'V_05', property: 'token' }]);
      expect(await confirmations(submissionId)).to.equal(0);
    });
  });
}
