import { expect } from 'chai';
import { errorCatalogue, errorItem, messageFor } from './error-catalogue';

describe('the error catalogue', () => {
  it('holds every code of spec section 8', () => {
    const codes = [
      'G_01', 'AUTH_01', 'AUTH_02', 'AUTH_03', 'UM_01', 'UM_02', 'UM_03', 'UM_04', 'UM_05', 'UM_06', 'UM_07', 'UM_08', 'UM_09', 'UM_10',
      'PM_01', 'ML_01', 'ML_02', 'ML_03', ...Array.from({ length: 18 }, (_, i) => `V_${String(i + 1).padStart(2, '0')}`),
    ];
    // ...plus Pagelog's own codes for what the spec leaves open (common password, no session, CSRF,
    // the media library's messages and an unsupported file type).
    const own = ['AUTH_04', 'AUTH_05', 'AUTH_06', 'ML_04', 'ML_05', 'ML_06', 'ML_07', 'ML_08', 'ML_09', 'ML_10', 'ML_11'];
    // The menus' rules (issue 13).
    own.push('MN_01', 'MN_02', 'MN_03', 'MN_04', 'MN_05', 'MN_06', 'MN_07');
    // The site settings' locale guard (issue 13).
    own.push('SE_01');
    // Links to pages that are not published, a warning beside a store or publication (issue 14).
    own.push('PM_02', 'PM_03');
    // Tags: the name rules, merges and the tags a page names (issue 15).
    own.push('TG_01', 'TG_02', 'TG_03', 'TG_04', 'TG_05', 'TG_06', 'TG_07', 'TG_08', 'TG_09');
    // The public forms: too many submissions in a short time (issue 16).
    own.push('FM_01');
    expect(Object.keys(errorCatalogue)).to.have.members([...codes, ...own]);
  });

  it('fills {field} with the property label as it is', () => {
    expect(messageFor('V_01', 'email')).to.equal('The Email field is required.');
    expect(messageFor('V_02', 'email')).to.equal('The Email field must contain a valid email address.');
    expect(messageFor('V_01', 'confirmNewPassword')).to.equal('The confirmNewPassword field is required.');
    expect(messageFor('V_12', 'token')).to.equal('The Token is not valid.');
  });

  it('fills {Field} with the label capitalised', () => {
    expect(messageFor('V_06', 'slug')).to.equal('Slug already exists.');
    expect(messageFor('V_06', 'newPassword')).to.equal('NewPassword already exists.');
  });

  it('labels a nested property by its last segment when it has no label of its own', () => {
    expect(messageFor('V_01', 'blocks[2].props.text')).to.equal('The text field is required.');
  });

  it('falls back to "Error (code: X)" for an unknown code', () => {
    expect(messageFor('XX_99')).to.equal('Error (code: XX_99)');
  });

  it('keeps messages without placeholders word for word', () => {
    expect(messageFor('AUTH_03')).to.equal('Too many login attempts. Try again after 10 minutes.');
    expect(messageFor('UM_08')).to.equal('Image exceeds maximum resolution of 1024x1024 pixels.');
    expect(errorItem('PM_01', 'id', 'page')).to.deep.equal({ code: 'PM_01', property: 'id', model: 'page', message: 'Failed to get the page from the database.' });
  });
});
