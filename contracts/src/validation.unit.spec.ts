import { expect } from 'chai';
import { ValidationError } from './domain-errors';
import { createPageSchema, storeVersionSchema } from './pages/schemas';
import { validateInput } from './validation';

describe('request validation from the contract schemas', () => {
  it('casts valid input, trims and lower-cases the slug, and strips unknown properties', () => {
    const value = validateInput(createPageSchema, { title: ' Over ons ', slug: '/Over-Ons/', type: 'article', locale: 'nl-nl', extra: 1 }, 'page');
    expect(value).to.deep.equal({ title: 'Over ons', slug: 'over-ons', type: 'article', locale: 'nl-nl', content: '', typeData: {} });
  });

  it('reports one catalogue item per failing property', () => {
    try {
      validateInput(createPageSchema, {}, 'page');
      expect.fail('expected a ValidationError');
    } catch (error) {
      expect(error).to.be.instanceOf(ValidationError);
      expect((error as ValidationError).items.map((i) => `${i.code} ${i.property}`)).to.have.members(['V_01 title', 'V_01 slug', 'V_01 type', 'V_01 locale']);
    }
  });

  it('keeps block props as given and allows at most one SEO image', () => {
    const base = { pageID: 'p', revision: 1, title: 't' };
    const value = validateInput(storeVersionSchema, { ...base, blocks: [{ type: 'heading', key: 'k', props: { text: 'x', level: 2 } }] }, 'pageVersion');
    expect(value.blocks[0]!.props).to.deep.equal({ text: 'x', level: 2 });
    expect(validateInput(storeVersionSchema, { ...base, seoImage: null }, 'pageVersion').seoImage).to.deep.equal([]);
    expect(() => validateInput(storeVersionSchema, { ...base, seoImage: ['a', 'b'] }, 'pageVersion')).to.throw(ValidationError);
  });

  it('answers V_12 for a value of the wrong type', () => {
    try {
      validateInput(storeVersionSchema, { pageID: 'p', revision: 'old', title: 't' }, 'pageVersion');
      expect.fail('expected a ValidationError');
    } catch (error) {
      expect((error as ValidationError).items).to.deep.equal([{ code: 'V_12', property: 'revision', model: 'pageVersion', message: 'The Revision is not valid.' }]);
    }
  });
});
