import { expect } from 'chai';
import { Window } from 'happy-dom';
import { FORM_CSRF_TOKEN_PATH, formCsrfToken } from './csrf-token';

/** A page as the cache serves it: an empty csrf-token meta element. */
function cachedPage(): Document {
  const window = new Window({ url: 'https://www.example.test/contact' });
  window.document.write('<!doctype html><html><head><meta name="csrf-token" content=""></head><body></body></html>');
  return window.document as unknown as Document;
}

function fakeApi(tokens: string[], status = 200) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetchImpl = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const token = tokens.shift() ?? '';
    return new Response(JSON.stringify({ Success: status === 200, Errors: [], data: status === 200 ? { csrfToken: token } : null }), { status });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const metaOf = (doc: Document) => doc.querySelector('meta[name="csrf-token"]')!.getAttribute('content');

describe('the public forms\' CSRF token in the browser (formCsrfToken)', () => {
  it('fetches a token when a form starts, puts it in the empty meta element, and answers it', async () => {
    const doc = cachedPage();
    const api = fakeApi(['token-1']);
    expect(await formCsrfToken({ doc, fetchImpl: api.fetchImpl })).to.equal('token-1');
    expect(metaOf(doc)).to.equal('token-1');
    expect(api.calls.map((c) => c.url)).to.deep.equal([FORM_CSRF_TOKEN_PATH]);
    // The cookie that comes with it must be kept: same-origin credentials, and never a cached answer.
    expect(api.calls[0]!.init).to.deep.include({ credentials: 'same-origin', cache: 'no-store' });
  });

  it('asks once for forms that start at the same time, and not again while the element holds a token', async () => {
    const doc = cachedPage();
    const api = fakeApi(['token-1', 'token-2']);
    const both = await Promise.all([formCsrfToken({ doc, fetchImpl: api.fetchImpl }), formCsrfToken({ doc, fetchImpl: api.fetchImpl })]);
    expect(both).to.deep.equal(['token-1', 'token-1']);
    expect(await formCsrfToken({ doc, fetchImpl: api.fetchImpl })).to.equal('token-1');
    expect(api.calls).to.have.length(1);
  });

  it('fetches a fresh token when asked to renew (the old one was refused)', async () => {
    const doc = cachedPage();
    const api = fakeApi(['token-1', 'token-2']);
    await formCsrfToken({ doc, fetchImpl: api.fetchImpl });
    expect(await formCsrfToken({ doc, fetchImpl: api.fetchImpl, renew: true })).to.equal('token-2');
    expect(metaOf(doc)).to.equal('token-2');
  });

  it('fails, leaving the element empty, when the API gives no token', async () => {
    const doc = cachedPage();
    const api = fakeApi([], 503);
    let error: unknown;
    await formCsrfToken({ doc, fetchImpl: api.fetchImpl }).catch((e: unknown) => (error = e));
    expect(String(error)).to.match(/could not be fetched \(503\)/);
    expect(metaOf(doc)).to.equal('');
  });
});
