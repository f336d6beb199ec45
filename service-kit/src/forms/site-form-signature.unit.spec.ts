import { expect } from 'chai';
import { SiteFormSignatures } from './site-form-signature';

describe("the site process's signature of a form posted without JavaScript", () => {
  const signatures = new SiteFormSignatures('a secret the processes share, long enough');
  const submission = { form: 'informationRequest', locale: 'nl-nl', pageId: 'p-1', values: { name: 'Anna', question: 'Hoe?' } };
  const now = Date.UTC(2026, 11, 2, 12);

  it('vouches for that submission for two minutes', () => {
    const header = signatures.sign(submission, now);
    expect(signatures.verify(header, submission, now + 1_000)).to.equal(true);
    expect(signatures.verify(header, submission, now + 121_000)).to.equal(false);
  });

  it('vouches for no other values, form or page, and for nothing under another secret', () => {
    const header = signatures.sign(submission, now);
    expect(signatures.verify(header, { ...submission, values: { name: 'Bob', question: 'Hoe?' } }, now)).to.equal(false);
    expect(signatures.verify(header, { ...submission, form: 'quoteRequest' }, now)).to.equal(false);
    expect(signatures.verify(header, { ...submission, pageId: null }, now)).to.equal(false);
    expect(new SiteFormSignatures('another secret of the same length, or so').verify(header, submission, now)).to.equal(false);
    for (const bad of [undefined, '', 'x.y', `${now}.${'A'.repeat(43)}`]) expect(signatures.verify(bad, submission, now)).to.equal(false);
  });
});
