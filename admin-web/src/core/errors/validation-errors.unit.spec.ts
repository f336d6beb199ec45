import { expect } from 'chai';
import { loginSchema, resetAccountSchema } from '@pagelog/contracts/users/schemas';
import { validateSyncWith, validateWith } from './validation-errors';

describe('client-side validation with a contract schema', () => {
  it('answers the catalogue message for each failing property, labelled', async () => {
    const result = await validateWith(loginSchema, { email: '', password: '' }, 'user');
    expect(result.ok).to.equal(false);
    if (result.ok) return;
    expect(result.errors.map((error) => error.message)).to.have.members(['The Email field is required.', 'The Password field is required.']);
    expect(result.errors.map((error) => error.property)).to.have.members(['email', 'password']);
    expect(result.errors.every((error) => error.model === 'user')).to.equal(true);
  });

  it('names the password rules and a confirmation that differs', async () => {
    const result = await validateWith(resetAccountSchema, { password: 'short', confirm: 'other', token: 't' });
    if (result.ok) throw new Error('expected errors');
    const codes = result.errors.map((error) => error.code);
    expect(codes).to.include.members(['V_10', 'V_09', 'V_03']);
  });

  it('answers the cast values when they pass', async () => {
    const result = await validateWith(loginSchema, { email: ' Ada@Example.com ', password: 'secret' });
    expect(result).to.deep.equal({ ok: true, value: { email: 'ada@example.com', password: 'secret' } });
  });
});

describe('client-side validation of a field that breaks two rules with one code', () => {
  it('says the message once, as the server does', async () => {
    // No uppercase and no special character: both rules answer V_09.
    const result = await validateWith(resetAccountSchema, { password: 'abcdefghij', confirm: 'abcdefghij', token: 't' }, 'user');
    if (result.ok) throw new Error('expected errors');
    expect(result.errors.map((error) => `${error.code} ${error.property}`)).to.deep.equal(['V_09 password']);
    const sync = validateSyncWith(resetAccountSchema, { password: 'abcdefghij', confirm: 'abcdefghij', token: 't' }, 'user');
    expect(sync).to.deep.equal(result);
  });
});
