import { expect } from 'chai';
import type { RecordedEvent } from '@pagelog/contracts/events/event';
import type { EventData } from '@pagelog/contracts/events/registry';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';

/**
 * A public form sent without JavaScript (issue 16): the plain POST of the contact page, answered
 * by the server-rendered page with the refusals under their fields and the input kept, or with
 * the thank-you text; refused from another site; the kept page never shows anyone's answer.
 */
for (const kind of storeKinds()) {
  describe(`a public form without JavaScript (${kind})`, function () {
    this.timeout(120_000);
    let app: TestPagelog;
    let hidden: Record<string, string>;

    before(async () => {
      app = await startTestPagelog(kind, { seed: true });
      const page = await (await fetch(`${app.url}/contact`)).text();
      hidden = {};
      // The information request's (the page's first form; the quote request follows it).
      for (const match of page.matchAll(/<input type="hidden" name="(_[a-z]+)" value="([^"]*)"/g)) hidden[match[1]!] ??= match[2]!;
    });
    after(async () => {
      await app?.stop();
    });

    async function submissions(): Promise<(RecordedEvent & { data: EventData<'FormSubmitted'> })[]> {
      const all = await app.stores.eventStore.readAll({ after: 0, limit: 100_000 });
      return all.filter((event) => event.type === 'FormSubmitted') as (RecordedEvent & { data: EventData<'FormSubmitted'> })[];
    }

    function post(fields: Record<string, string | string[]>, headers: Record<string, string> = { Origin: app.url }) {
      const body = new URLSearchParams();
      for (const [name, value] of Object.entries({ ...hidden, startedAt: '', website: '', ...fields })) {
        for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
      }
      return fetch(`${app.url}/contact`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, body: body.toString() });
    }

    it('renders the contact form with what a post without JavaScript needs: which form, block, page and locale', () => {
      expect(hidden._form).to.equal('informationRequest');
      expect(hidden._block).to.equal('contact-form');
      expect(hidden._locale).to.equal('nl-nl');
      expect(hidden._page).to.match(/^[0-9a-f-]{36}$/);
    });

    it('answers a form with empty required fields with the page: "Dit veld is verplicht" under each, linked and marked, the input kept, nothing stored', async () => {
      const before = (await submissions()).length;
      const res = await post({ name: '', organisation: 'Gemeente Utrecht', email: 'geen-adres', phone: '', question: '' });
      expect(res.status).to.equal(422);
      expect(res.headers.get('cache-control')).to.equal('no-store');
      const html = await res.text();
      expect(html).to.include('<p class="block-form__error" id="form-contact-form-name-error">Dit veld is verplicht</p>');
      expect(html).to.include('id="form-contact-form-question-error">Dit veld is verplicht</p>');
      expect(html).to.match(/id="form-contact-form-email-error">[^<]*e-mailadres[^<]*<\/p>/i);
      const nameInput = /<input [^>]*id="form-contact-form-name"[^>]*>/.exec(html)?.[0] ?? '';
      expect(nameInput).to.include('aria-describedby="form-contact-form-name-error"').and.to.include('aria-invalid="true"');
      expect(html).to.include('value="Gemeente Utrecht"');
      expect(html).to.include('value="geen-adres"');
      expect(html).to.match(/role="alert" tabindex="-1">3 velden zijn nog niet goed ingevuld\.<\/div>/);
      expect((await submissions()).length).to.equal(before);
      // The kept page is everyone's: no refusal, no input of this visitor.
      const kept = await (await fetch(`${app.url}/contact`)).text();
      expect(kept).to.not.include('Dit veld is verplicht');
      expect(kept).to.not.include('Gemeente Utrecht');
    });

    it('takes a good form and answers with the thank-you text in its place; the submission is stored, not suspected', async () => {
      const res = await post({ name: 'Piet Jansen', organisation: '', email: 'piet@example.nl', phone: '', question: 'Kunnen jullie ons helpen met een evaluatie?' });
      expect(res.status).to.equal(200);
      const html = await res.text();
      expect(html).to.match(/role="status" tabindex="-1"><p>Bedankt voor uw vraag\./);
      expect(/<form class="block-form__form"[^>]*>/.exec(html)?.[0]).to.include('hidden=""');
      const stored = (await submissions()).at(-1)!;
      expect(stored.data).to.include({ form: 'informationRequest', locale: 'nl-nl', pageId: hidden._page });
      expect(stored.data.spam).to.deep.equal({ suspected: false, reasons: [] });
      const kept = await (await fetch(`${app.url}/contact`)).text();
      expect(kept).to.not.include('<p>Bedankt voor uw vraag');
    });

    it('keeps a post that filled in the hidden field as suspected spam, answered like any other', async () => {
      const res = await post({ name: 'Bot', email: 'bot@example.com', question: 'Buy now', website: 'https://spam.example' });
      expect(res.status).to.equal(200);
      expect((await submissions()).at(-1)!.data.spam).to.deep.equal({ suspected: true, reasons: ['honeypot'] });
    });

    it('refuses a post from another site, or one that says nowhere where it comes from (403), storing nothing', async () => {
      const before = (await submissions()).length;
      const good = { name: 'Eva', email: 'eva@example.nl', question: 'Een vraag' };
      expect((await post(good, { Origin: 'https://evil.example' })).status).to.equal(403);
      expect((await post(good, { Origin: app.url, 'Sec-Fetch-Site': 'cross-site' })).status).to.equal(403);
      expect((await post(good, {})).status).to.equal(403);
      expect((await post(good, { Referer: `${app.url}/contact` })).status).to.equal(200);
      expect((await submissions()).length).to.equal(before + 1);
    });

    it('answers a post that is no form of this site with 400, another body type with 415 and an oversized one with 413, never 5xx', async () => {
      expect((await post({ _form: 'nope' })).status).to.equal(400);
      expect((await post({ _form: 'newsletterPopup' })).status).to.equal(400);
      const json = await fetch(`${app.url}/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: app.url }, body: '{}' });
      expect(json.status).to.equal(415);
      expect((await post({ question: 'x'.repeat(70_000) })).status).to.equal(413);
    });
  });
}
