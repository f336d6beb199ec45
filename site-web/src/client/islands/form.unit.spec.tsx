import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Block } from '@pagelog/contracts/blocks/block';
import { FormEmbedBlock } from '../../app/blocks/form-embed-block';
import type { BlockContext } from '../../app/blocks/block-component';
import { FORM_CSRF_TOKEN_PATH } from '../../app/forms/csrf-token';
import { FORM_SUBMIT_PATH, mount } from './form';

const context: BlockContext = {
  pageID: 'page-1',
  locale: 'nl-nl',
  defaultLocale: 'nl-nl',
  priorityImageKey: null,
  topHeadingLevel: 1,
  subheadingLevel: () => 2,
  anchors: [],
};

interface Call {
  url: string;
  init?: RequestInit;
}

/** The form block as the server renders it, in the document, with its island started, and the calls it makes. */
function startedForm(form: string, answer: (call: Call) => { status: number; body: unknown }) {
  const block: Block = { type: 'formEmbed', key: 'f', props: { form, title: '' }, anchorPoint: '' };
  document.head.innerHTML = '<meta name="csrf-token" content="">';
  document.body.innerHTML = renderToStaticMarkup(<FormEmbedBlock block={block} context={context} />);
  const root = document.querySelector<HTMLElement>('[data-island="form"]')!;
  const calls: Call[] = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    if (url === FORM_CSRF_TOKEN_PATH) return new Response(JSON.stringify({ data: { csrfToken: 'token-1' } }), { status: 200 });
    const { status, body } = answer({ url, init });
    return new Response(JSON.stringify(body), { status });
  }) as typeof fetch;
  mount(root, JSON.parse(root.dataset.islandProps!) as Record<string, unknown>);
  return { root, calls };
}

const field = (name: string) => document.querySelector<HTMLInputElement>(`#form-f-${name}`)!;
const errorOf = (name: string) => document.querySelector<HTMLElement>(`#form-f-${name}-error`)!;
const submit = () => document.querySelector<HTMLFormElement>('form')!.requestSubmit();
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the form island', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    document.body.innerHTML = '';
  });

  it('writes "Dit veld is verplicht" under each empty required field, links it to the field, and focuses the first', async () => {
    const { calls } = startedForm('informationRequest', () => ({ status: 200, body: {} }));
    submit();
    await settle();
    expect(errorOf('name').textContent).to.equal('Dit veld is verplicht');
    expect(errorOf('name').hidden).to.equal(false);
    expect(field('name').getAttribute('aria-invalid')).to.equal('true');
    expect(field('name').getAttribute('aria-describedby')).to.equal('form-f-name-error');
    expect(field('phone').getAttribute('aria-describedby')).to.equal('form-f-phone-hint');
    expect(errorOf('organisation').hidden).to.equal(true);
    expect(document.activeElement).to.equal(field('name'));
    expect(document.querySelector('.block-form__summary')!.textContent).to.equal('3 velden zijn nog niet goed ingevuld.');
    expect(calls).to.deep.equal([]);
  });

  it('says what is wrong with an e-mail address, and clears a refusal once the field is right', async () => {
    startedForm('informationRequest', () => ({ status: 200, body: {} }));
    field('name').value = 'Anna';
    field('email').value = 'anna@';
    field('question').value = 'Een vraag';
    submit();
    await settle();
    expect(errorOf('email').textContent).to.match(/^Vul een geldig e-mailadres in/);
    expect(errorOf('name').hidden).to.equal(true);
    expect(field('name').hasAttribute('aria-invalid')).to.equal(false);
  });

  it('sends the values with the visitor token, and puts the thank-you text in the form place', async () => {
    const { calls } = startedForm('newsletter', () => ({ status: 200, body: { Success: true, Errors: [], data: { submissionId: 's1', form: 'newsletter' } } }));
    field('email').value = 'eva@example.nl';
    field('interests-events').checked = true;
    field('privacyConsent').checked = true;
    submit();
    await settle();
    const sent = calls.find((call) => call.url === FORM_SUBMIT_PATH)!;
    expect((sent.init!.headers as Record<string, string>)['X-CSRF-Token']).to.equal('token-1');
    const body = JSON.parse(String(sent.init!.body)) as Record<string, unknown>;
    expect(body).to.deep.include({ form: 'newsletter', locale: 'nl-nl', pageId: 'page-1', website: '' });
    expect(body.values).to.deep.equal({ email: 'eva@example.nl', name: '', interests: ['events'], privacyConsent: true });
    expect(body.startedAt).to.be.a('number');
    const thanks = document.querySelector<HTMLElement>('.block-form__thanks')!;
    expect(thanks.hidden).to.equal(false);
    expect(thanks.textContent).to.match(/^Bijna klaar/);
    expect(document.activeElement).to.equal(thanks);
    expect(document.querySelector('form')!.hidden).to.equal(true);
  });

  it("shows the server's refusals under their fields, and a throttled answer above the form", async () => {
    let status = 400;
    startedForm('download', () =>
      status === 400
        ? { status, body: { Success: false, Errors: [{ code: 'V_02', property: 'values.email', model: 'form' }], data: null } }
        : { status, body: { Success: false, Errors: [{ code: 'FM_01', property: '', model: '' }], data: null } },
    );
    field('name').value = 'Chris';
    field('email').value = 'chris@example.com';
    field('privacyConsent').checked = true;
    submit();
    await settle();
    expect(errorOf('email').textContent).to.match(/^Vul een geldig e-mailadres in/);
    status = 429;
    submit();
    await settle();
    expect(document.querySelector('.block-form__summary')!.textContent).to.match(/te veel formulieren/);
    expect(errorOf('email').hidden).to.equal(true);
  });
});
