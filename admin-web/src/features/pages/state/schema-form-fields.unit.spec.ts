import { expect } from 'chai';
import { blockTypes } from '@pagelog/contracts/blocks/block-types';
import { pageTypes } from '@pagelog/contracts/pages/page-types';
import { fieldValue, formFieldsOf, initialValuesOf, validateValues } from './schema-form-fields';

describe('forms built from a yup schema', () => {
  it('have a field per schema field, by label, with the widget of its meta', () => {
    const fields = formFieldsOf(blockTypes.callToAction.props);
    expect(fields.map(({ name, label, widget, required }) => ({ name, label, widget, required }))).to.deep.equal([
      { name: 'title', label: 'Title', widget: 'text', required: true },
      { name: 'text', label: 'Text', widget: 'textarea', required: false },
      { name: 'buttonText', label: 'Button text', widget: 'text', required: true },
      { name: 'url', label: 'Button link', widget: 'link', required: true },
      { name: 'style', label: 'Style', widget: 'select', required: false },
    ]);
  });

  it('offer a select of the schema\'s oneOf values, numbers as numbers', () => {
    const [text, level] = formFieldsOf(blockTypes.heading.props);
    expect(text).to.include({ widget: 'text', valueType: 'string' });
    expect(level).to.deep.include({ widget: 'select', valueType: 'number', options: [1, 2, 3, 4, 5, 6] });
    expect(formFieldsOf(blockTypes.callToAction.props)[4]?.options).to.deep.equal(['primary', 'secondary']);
  });

  it('carry the hints of html, link and image fields', () => {
    const [html] = formFieldsOf(blockTypes.text.props);
    expect(html).to.include({ widget: 'html', label: 'Text' });
    expect(html?.hint).to.match(/^Paragraphs, headings/);
    expect(formFieldsOf(blockTypes.callToAction.props).find((f) => f.widget === 'link')).to.include({ hint: 'A page of this site, a path such as /over-ons, or a full URL' });
    expect(formFieldsOf(blockTypes.image.props)[0]).to.include({ widget: 'image', hint: 'Only for an image outside the media library: a path on this site or a full https URL' });
  });

  it('build the article type data form: Author, Publication date (a date) and Summary (a textarea)', () => {
    expect(formFieldsOf(pageTypes.article.typeData).map(({ label, widget }) => [label, widget])).to.deep.equal([
      ['Author', 'text'],
      ['Publication date', 'date'],
      ['Summary', 'textarea'],
    ]);
    expect(formFieldsOf(pageTypes['landing-page'].typeData)).to.deep.equal([]);
  });

  it('store number fields as numbers, and keep what is not a number for validation to name', () => {
    expect(fieldValue({ valueType: 'number' }, '3')).to.equal(3);
    expect(fieldValue({ valueType: 'number' }, '')).to.equal('');
    expect(fieldValue({ valueType: 'number' }, 'x')).to.equal('x');
    expect(fieldValue({ valueType: 'string' }, '3')).to.equal('3');
  });

  it('start from the given values, with defaults for missing fields', () => {
    expect(initialValuesOf(blockTypes.heading.props, { text: 'Hoi' })).to.deep.equal({ text: 'Hoi', level: 2 });
    expect(initialValuesOf(blockTypes.callToAction.props, {})).to.include({ title: '', style: 'primary' });
  });

  it('validate with catalogue messages that name the field by its label', () => {
    expect(validateValues(blockTypes.callToAction.props, { title: '', buttonText: 'Go', url: 'nope', style: 'primary' })).to.deep.equal({
      title: 'The Title field is required.',
      url: 'Not a valid URL.',
    });
    expect(validateValues(blockTypes.heading.props, { text: 'Hoi', level: 9 })).to.deep.equal({ level: 'The Level is not valid.' });
    expect(validateValues(pageTypes.article.typeData, { publicationDate: '2025-13-45' })).to.deep.equal({ publicationDate: 'The Publication date is not valid.' });
    expect(validateValues(blockTypes.heading.props, { text: 'Hoi', level: 1 })).to.deep.equal({});
  });
});
