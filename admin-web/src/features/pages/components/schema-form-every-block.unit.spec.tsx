import { expect } from 'chai';
import { screen } from '@testing-library/react';
import { allBlocks, defaultProps } from '@pagelog/contracts/blocks/block-types';
import { renderInApp } from '../../../testing/render';
import { formFieldsOf } from '../state/schema-form-fields';
import { SchemaForm } from './schema-form';

/**
 * The form of every block type of the registry, by role and label: each field its schema declares
 * is there under its label, as the control its widget says. Lists, tables and chosen pages have
 * specs of their own (schema-form-list, schema-form-page-blocks, link-field, public-tag-field);
 * here they are found by their label too.
 */
describe('the form of every block type', () => {
  for (const definition of allBlocks) {
    it(`${definition.label}: every field by its label`, async () => {
      renderInApp(<SchemaForm schema={definition.props} values={defaultProps(definition.id)} locale="nl-nl" onChange={() => {}} />);
      for (const field of formFieldsOf(definition.props)) {
        if (field.widget === 'html') {
          // The WYSIWYG editor arrives a moment later: a multi-line text box named by the label.
          const editor = await screen.findByRole('textbox', { name: field.label });
          expect(editor.getAttribute('aria-multiline'), field.label).to.equal('true');
        } else if (field.widget === 'select') {
          expect(screen.getByRole('combobox', { name: field.label }), field.label).to.exist;
        } else if (field.widget === 'public-tag') {
          // The tag combobox: a text box that suggests the locale's tags.
          const control = screen.getByRole('combobox', { name: field.label });
          expect(control.tagName, field.label).to.equal('INPUT');
          expect(control.getAttribute('aria-autocomplete'), field.label).to.equal('list');
        } else if (field.widget === 'text' || field.widget === 'textarea' || field.widget === 'date' || field.widget === 'link' || field.widget === 'image' || field.widget === 'file') {
          const control = screen.getAllByLabelText(field.label, { exact: true })[0]!;
          expect(control.tagName, field.label).to.be.oneOf(field.widget === 'textarea' ? ['TEXTAREA'] : ['INPUT', 'SELECT']);
        } else {
          // list, table, pages: a group or a region of its own, named by the label.
          expect(screen.getAllByText(field.label, { exact: true }).length, `${definition.id}.${field.name} (${field.widget})`).to.be.greaterThan(0);
        }
      }
    });
  }
});
