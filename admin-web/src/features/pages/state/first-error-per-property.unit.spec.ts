import { expect } from 'chai';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { firstErrorPerProperty } from './first-error-per-property';

describe('client-side messages, one per field', () => {
  it('keep the first error of each property and every error without one', () => {
    const errors = [errorItem('V_01', 'slug'), errorItem('V_12', 'slug'), errorItem('V_01', 'title'), errorItem('G_01'), errorItem('G_01')];
    expect(firstErrorPerProperty(errors).map((error) => error.message)).to.deep.equal([
      'The Slug field is required.',
      'The Title field is required.',
      'Something went wrong, please try again later.',
      'Something went wrong, please try again later.',
    ]);
  });
});
