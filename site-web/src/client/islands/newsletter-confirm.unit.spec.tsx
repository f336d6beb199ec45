import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import { FORM_CSRF_TOKEN_PATH } from '../../app/forms/csrf-token';
import { NewsletterConfirmPage } from '../../app/newsletter/newsletter-confirm-page';
import { CONFIRM_SUBSCRIPTION_PATH, mount } from './newsletter-confirm';

interface Call {
  url: string;
  init?: RequestInit;
}

/** The confirmation page as the server renders it, with its island started, and the calls it makes. */
function startedPage(locale: string, answer: () => { status: number; body: unknown }) {
  document.head.innerHTML = '<meta name="csrf-token" content="">';
  document.body.innerHTML = renderToStaticMarkup(<NewsletterConfirmPage view={{ token: 'sub-1.mac' }} locale={locale} />);
  const root = document.querySelector<HTMLElement>('[data-island="newsletter-confirm"]')!;
  const calls: Call[] = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    if (url === FORM_CSRF_TOKEN_PATH) return new Response(JSON.stringify({ data: { csrfToken: 'csrf-1' } }), { status: 200 });
    const { status, body } = answer();
    return new Response(JSON.stringify(body), { status });
  }) as typeof fetch;
  mount(root, JSON.parse(root.dataset.islandProps!) as Record<string, unknown>);
  return { calls };
}

const press = () => document.querySelector<HTMLFormElement>('form')!.requestSubmit();
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const status = () => document.querySelector<HTMLElement>('[role="status"]')!;

describe('the newsletter confirmation island', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    document.body.innerHTML = '';
  });

  it('sends nothing until the button is pressed, then the token with the form token, and says it is confirmed', async () => {
    const { calls } = startedPage('nl-nl', () => ({ status: 200, body: { Success: true, Errors: [], data: {} } }));
    await settle();
    expect(calls).to.deep.equal([]);
    press();
    await settle();
    const confirm = calls.find((c) => c.url === CONFIRM_SUBSCRIPTION_PATH)!;
    expect(JSON.parse(String(confirm.init!.body))).to.deep.equal({ token: 'sub-1.mac' });
    expect((confirm.init!.headers as Record<string, string>)['X-CSRF-Token']).to.equal('csrf-1');
    expect(status().textContent).to.equal('Bedankt! Uw aanmelding is bevestigd. U ontvangt voortaan onze nieuwsbrief.');
    expect(document.activeElement).to.equal(status());
    expect(document.querySelector('form')!.hidden).to.equal(true);
  });

  it('says an expired link has expired, and another refused one is not valid', async () => {
    startedPage('en-gb', () => ({ status: 400, body: { Success: false, Errors: [{ code: 'V_05', property: 'token' }], data: null } }));
    press();
    await settle();
    expect(status().textContent).to.equal('This link has expired: it works for 7 days. Subscribe again and we will send you a new one.');
    startedPage('en-gb', () => ({ status: 400, body: { Success: false, Errors: [{ code: 'V_04', property: 'token' }], data: null } }));
    press();
    await settle();
    expect(status().textContent).to.match(/^This link is not valid\./);
  });

  it('lets the visitor try again when the server could not do it', async () => {
    startedPage('nl-nl', () => ({ status: 503, body: { Success: false, Errors: [{ code: 'G_01' }], data: null } }));
    press();
    await settle();
    expect(status().textContent).to.equal('Het bevestigen is niet gelukt. Probeer het over een paar minuten opnieuw.');
    expect(document.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).to.equal(false);
  });
});
