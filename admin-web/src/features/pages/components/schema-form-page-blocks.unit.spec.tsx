import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import { blockTypes } from '@pagelog/contracts/blocks/block-types';
import { blockCard, openEditor } from '../../../testing/page-editor';
import { renderInApp } from '../../../testing/render';
import { BlockChooser } from './block-chooser';
import { SchemaForm } from './schema-form';

type Values = Record<string, unknown>;
type TypeId = keyof typeof blockTypes;

/** A block type's form, recording every change it sends up. */
function form(type: TypeId, values: Values, options: { showAllErrors?: boolean } = {}) {
  const changes: Values[] = [];
  const view = renderInApp(<SchemaForm schema={blockTypes[type].props} values={values} locale="nl-nl" onChange={(v) => changes.push(v)} showAllErrors={options.showAllErrors} />);
  return { ...view, changes, last: () => changes[changes.length - 1]! };
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const cell = (row: number, column: number) => screen.getByRole('textbox', { name: `Row ${row}, column ${column}` }) as HTMLInputElement;

describe('the hero block form', () => {
  it('has the title, introduction, button and external image fields by label', () => {
    form('hero', { title: 'Onderzoek dat verder kijkt' });
    expect(field('Title').value).to.equal('Onderzoek dat verder kijkt');
    expect(field('Introduction').tagName).to.equal('TEXTAREA');
    for (const label of ['Button text', 'Button link', 'External image URL', 'Alternative text']) expect(field(label).tagName, label).to.equal('INPUT');
  });

  it('asks for the button text once the button has a link, and lets it go when the link goes', async () => {
    const { user, last } = form('hero', { title: 'Welkom' });
    await user.type(field('Button link'), '/contact');
    await user.click(field('Button text'));
    await user.tab();
    const message = await screen.findByText('The Button text field is required.');
    expect(field('Button text').getAttribute('aria-describedby')).to.include(message.id);
    await user.clear(field('Button link'));
    await waitFor(() => expect(screen.queryByText('The Button text field is required.')).to.equal(null));
    expect(last().link).to.equal('');
  });
});

describe('the team member block form', () => {
  it('has name, function, description, specialties and LinkedIn URL by label, the specialties with how to write them', () => {
    form('team', {});
    expect(field('Name').getAttribute('aria-required')).to.equal('true');
    expect(field('Description').tagName).to.equal('TEXTAREA');
    expect(field('Function').tagName).to.equal('INPUT');
    expect(screen.getByText('Separated by commas, such as: Mobiliteit, Energietransitie').id).to.equal(field('Specialties').getAttribute('aria-describedby'));
    expect(field('LinkedIn URL').tagName).to.equal('INPUT');
  });

  it('says an address off linkedin.com is not a valid URL', async () => {
    const { user, last } = form('team', { name: 'Anna de Vries' });
    await user.type(field('LinkedIn URL'), 'https://evil.test/in/anna');
    await user.tab();
    expect(await screen.findByText('Not a valid URL.')).to.exist;
    expect(field('LinkedIn URL').getAttribute('aria-invalid')).to.equal('true');
    await user.clear(field('LinkedIn URL'));
    await user.type(field('LinkedIn URL'), 'https://www.linkedin.com/in/anna');
    await waitFor(() => expect(screen.queryByText('Not a valid URL.')).to.equal(null));
    expect(last().linkedinUrl).to.equal('https://www.linkedin.com/in/anna');
  });
});

describe('the table block form', () => {
  const rows = [
    ['Dienst', 'Prijs'],
    ['Quickscan', '€ 1.500'],
  ];

  it('shows the grid as a group named Table, a text field per cell named by its place, and the header-row switch', () => {
    form('table', { caption: 'Tarieven', table: { headerRow: true, rows } });
    const group = screen.getByRole('group', { name: 'Table' });
    expect(within(group).getAllByRole('textbox')).to.have.length(4);
    expect(cell(1, 2).value).to.equal('Prijs');
    expect(cell(2, 1).value).to.equal('Quickscan');
    expect(screen.getByRole('checkbox', { name: 'First row is a header row' })).to.have.property('checked', true);
    expect(field('Caption').value).to.equal('Tarieven');
    // The field's label leads into the grid, at its first cell.
    expect(screen.getByText('Table', { selector: 'label' }).getAttribute('for')).to.equal(cell(1, 1).id);
  });

  it('starts a new block with three rows of two empty cells and the header row on', () => {
    form('table', {});
    expect(within(screen.getByRole('group', { name: 'Table' })).getAllByRole('textbox')).to.have.length(6);
    expect(screen.getByRole('checkbox', { name: 'First row is a header row' })).to.have.property('checked', true);
  });

  it('edits cells and the switch, adds a row and a column with focus at their first cell', async () => {
    const { user, last } = form('table', { caption: '', table: { headerRow: true, rows } });
    await user.type(cell(2, 2), ' per dag');
    expect(last().table).to.deep.equal({ headerRow: true, rows: [['Dienst', 'Prijs'], ['Quickscan', '€ 1.500 per dag']] });

    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await waitFor(() => expect(document.activeElement).to.equal(cell(3, 1)));
    await user.keyboard('Onderzoek');
    await user.click(screen.getByRole('button', { name: 'Add column' }));
    await waitFor(() => expect(document.activeElement).to.equal(cell(1, 3)));
    await user.keyboard('Doorlooptijd');
    expect(last().table).to.deep.equal({
      headerRow: true,
      rows: [
        ['Dienst', 'Prijs', 'Doorlooptijd'],
        ['Quickscan', '€ 1.500 per dag', ''],
        ['Onderzoek', '', ''],
      ],
    });

    await user.click(screen.getByRole('checkbox', { name: 'First row is a header row' }));
    expect((last().table as Values).headerRow).to.equal(false);
  });

  it('removes a row and a column, never the last one', async () => {
    const { user, last } = form('table', { table: { headerRow: true, rows } });
    await user.click(screen.getByRole('button', { name: 'Remove column 1' }));
    expect((last().table as Values).rows).to.deep.equal([['Prijs'], ['€ 1.500']]);
    expect(screen.getByRole('button', { name: 'Remove column 1' })).to.have.property('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Remove row 1' }));
    expect((last().table as Values).rows).to.deep.equal([['€ 1.500']]);
    await waitFor(() => expect(document.activeElement).to.equal(cell(1, 1)));
    expect(screen.getByRole('button', { name: 'Remove row 1' })).to.have.property('disabled', true);
  });

  it('says what is wrong with the table, linked to the group', async () => {
    form('table', { table: { headerRow: true, rows: [['', ''], ['', '']] } }, { showAllErrors: true });
    const message = await screen.findByText('The Table field is required.');
    expect(screen.getByRole('group', { name: 'Table' }).getAttribute('aria-describedby')).to.include(message.id);
  });
});

describe('the search box block form', () => {
  it('has one optional text for label and placeholder, saying the site\'s words stand in when it is empty', () => {
    form('searchBox', {});
    const text = field('Label and placeholder');
    expect(text.value).to.equal('');
    expect(text.getAttribute('aria-required')).to.equal(null);
    expect(screen.getByText(/Leave empty for the site’s own words/).id).to.equal(text.getAttribute('aria-describedby'));
  });
});

describe('the form block form', () => {
  it('offers the five embeddable forms by name, information request first, and an optional title', async () => {
    const { user, last } = form('formEmbed', {});
    const select = screen.getByRole('combobox', { name: 'Form' }) as HTMLSelectElement;
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => option.value)).to.deep.equal(['informationRequest', 'quoteRequest', 'download', 'newsletter', 'researchLicence']);
    expect(options.map((option) => option.textContent)).to.deep.equal(['Information request', 'Quote request', 'Download', 'Newsletter', 'Research licence application']);
    expect(select.value).to.equal('informationRequest');
    await user.selectOptions(select, 'newsletter');
    await user.type(field('Title'), 'Blijf op de hoogte');
    expect(last()).to.deep.include({ form: 'newsletter', title: 'Blijf op de hoogte' });
  });
});

describe('block type icons', () => {
  it('shows each type\'s icon in the add-block menu, hidden from screen readers, the button named by the label alone', () => {
    renderInApp(<BlockChooser title="Add block" types={['hero', 'team', 'table']} onChoose={() => {}} onClose={() => {}} />);
    for (const [name, icon] of [['Hero', 'hero'], ['Team member', 'team'], ['Table', 'table']]) {
      const button = screen.getByRole('button', { name });
      const svg = button.querySelector('svg')!;
      expect(svg.getAttribute('data-icon'), name).to.equal(icon);
      expect(svg.getAttribute('aria-hidden'), name).to.equal('true');
    }
  });

  it('shows the type\'s icon on a block\'s card, beside its title', async () => {
    await openEditor();
    expect(blockCard('1. Heading').querySelector('.block-card__label-line > svg')?.getAttribute('data-icon')).to.equal('heading');
    expect(blockCard('2. Rich text').querySelector('.block-card__label-line > svg')?.getAttribute('data-icon')).to.equal('text');
  });
});
