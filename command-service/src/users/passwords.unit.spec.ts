import { expect } from 'chai';
import { hashPassword, isCommonPassword, verifyAgainstNothing, verifyPassword } from './passwords';

describe('passwords', () => {
  describe('when a password is hashed', () => {
    let hashed: string;
    before(async () => {
      hashed = await hashPassword('Copper-Kettle-Sunrise-5');
    });

    it('produces an argon2id hash with the OWASP minimum parameters, not the password', () => {
      expect(hashed).to.match(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(hashed).not.to.contain('Copper');
    });

    it('salts every hash differently', async () => {
      expect(await hashPassword('Copper-Kettle-Sunrise-5')).not.to.equal(hashed);
    });

    it('verifies the same password', async () => {
      expect(await verifyPassword(hashed, 'Copper-Kettle-Sunrise-5')).to.equal(true);
    });

    it('rejects a different password, even one differing only in case', async () => {
      expect(await verifyPassword(hashed, 'Copper-Kettle-Sunrise-6')).to.equal(false);
      expect(await verifyPassword(hashed, 'copper-kettle-sunrise-5')).to.equal(false);
      expect(await verifyPassword(hashed, '')).to.equal(false);
    });

    it('answers false, without throwing, for something that is not a hash', async () => {
      expect(await verifyPassword('not a hash', 'Copper-Kettle-Sunrise-5')).to.equal(false);
    });

    it('never lets a password through when the address is unknown', async () => {
      expect(await verifyAgainstNothing('not a password of anyone')).to.equal(false);
    });
  });

  describe('when a password is checked against the common ones', () => {
    it('finds a listed password in any case', () => {
      expect(isCommonPassword('password')).to.equal(true);
      expect(isCommonPassword('PASSWORD')).to.equal(true);
      expect(isCommonPassword('12345678')).to.equal(true);
    });

    it('finds a listed password behind the digits and symbols added to meet the rules', () => {
      expect(isCommonPassword('Password123!')).to.equal(true);
      expect(isCommonPassword('Qwerty!2024')).to.equal(true);
      expect(isCommonPassword('2024qwerty!!')).to.equal(true);
    });

    it('only strips at the ends, not inside', () => {
      expect(isCommonPassword('pass123word')).to.equal(false);
    });

    it('does not count a word shorter than four letters left after stripping', () => {
      expect(isCommonPassword('dog')).to.equal(true);
      expect(isCommonPassword('!!dog!!')).to.equal(false);
      expect(isCommonPassword('1dog2')).to.equal(false);
    });

    it('lets a long passphrase through', () => {
      expect(isCommonPassword('Copper-Kettle-Sunrise-5')).to.equal(false);
      expect(isCommonPassword('copper kettle sunrise over the harbour')).to.equal(false);
    });
  });
});
