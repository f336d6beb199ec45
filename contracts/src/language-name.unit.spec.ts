import { expect } from 'chai';
import { languageName } from './language-name';

describe('languageName', () => {
  it('names each language in that language', () => {
    expect(['nl-nl', 'en-gb', 'de-de', 'fr-fr', 'en', 'nl'].map(languageName)).to.deep.equal([
      'Nederlands', 'English', 'Deutsch', 'Français', 'English', 'Nederlands',
    ]);
  });

  it('gives an unknown language its locale code', () => {
    expect(languageName('es-es')).to.equal('es-es');
    expect(languageName('toString')).to.equal('toString');
  });
});
