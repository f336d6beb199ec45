import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import { blockTypes } from '@pagelog/contracts/blocks/block-types';
import { renderInApp } from '../../../testing/render';
import { SchemaForm } from './schema-form';

type Values = Record<string, unknown>;

/** The key figures form, recording every change it sends up. */
function keyFiguresForm(values: Values) {
  const changes: Values[] = [];
  const view = renderInApp(<SchemaForm schema={blockTypes.keyFigures.props} values={values} locale="nl-nl" onChange={(v) => changes.push(v)} />);
  return { ...view, changes, last: () => changes[changes.length - 1]! };
}

const figure = (number: string, unit: string, label: string) => ({ number, unit, label });
const items = () => screen.getAllByRole('listitem');

describe('a list prop in a block form (key figures)', () => {
  it('shows each item as a group with its fields by label, and adds an empty one', async () => {
    const { user, last } = keyFiguresForm({ title: '', figures: [figure('87', '%', 'tevreden')] });
    expect(screen.getByRole('group', { name: 'Figures' })).to.exist;
    expect(items()).to.have.length(1);
    expect(screen.getByRole('group', { name: 'Figure 1' })).to.exist;
    expect((within(items()[0]!).getByLabelText('Number') as HTMLInputElement).value).to.equal('87');
    expect((within(items()[0]!).getByLabelText('Label') as HTMLInputElement).value).to.equal('tevreden');

    await user.click(screen.getByRole('button', { name: 'Add figure' }));
    expect(items()).to.have.length(2);
    // Focus goes to the new item's first field, to type in at once.
    await waitFor(() => expect(document.activeElement).to.equal(within(items()[1]!).getByLabelText('Number')));
    await user.keyboard('1.200');
    await user.type(within(items()[1]!).getByLabelText('Label'), 'onderzoeken');
    expect(last().figures).to.deep.equal([figure('87', '%', 'tevreden'), figure('1.200', '', 'onderzoeken')]);
  });

  it('moves an item up and down, keeping focus on the moved item\'s button, and removes one', async () => {
    const { user, last } = keyFiguresForm({ figures: [figure('1', '', 'een'), figure('2', '', 'twee'), figure('3', '', 'drie')] });
    await user.click(screen.getByRole('button', { name: 'Move Figure 3 up' }));
    expect((last().figures as Values[]).map((f) => f.label)).to.deep.equal(['een', 'drie', 'twee']);
    await waitFor(() => expect(document.activeElement).to.equal(screen.getByRole('button', { name: 'Move Figure 2 up' })));
    await user.click(screen.getByRole('button', { name: 'Move Figure 1 down' }));
    expect((last().figures as Values[]).map((f) => f.label)).to.deep.equal(['drie', 'een', 'twee']);
    expect(screen.getByRole('button', { name: 'Move Figure 1 up' })).to.have.property('disabled', true);
    expect(screen.getByRole('button', { name: 'Move Figure 3 down' })).to.have.property('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Remove Figure 2' }));
    expect((last().figures as Values[]).map((f) => f.label)).to.deep.equal(['drie', 'twee']);
  });

  it('keeps the list within its bounds: the last item cannot be removed, and the ninth cannot be added', async () => {
    keyFiguresForm({ figures: [figure('1', '', 'een')] });
    expect(screen.getByRole('button', { name: 'Remove Figure 1' })).to.have.property('disabled', true);
    const full = Array.from({ length: 8 }, (_, i) => figure(String(i), '', `f${i}`));
    keyFiguresForm({ figures: full });
    const adds = screen.getAllByRole('button', { name: 'Add figure' });
    expect(adds[adds.length - 1]).to.have.property('disabled', true);
    expect(screen.getByText('This list holds at most 8.')).to.exist;
  });

  it('says which field of which item is wrong once it was left, linked to the field', async () => {
    const { user } = keyFiguresForm({ figures: [figure('87', '%', 'tevreden'), figure('', '', 'leeg')] });
    const number = within(items()[1]!).getByLabelText('Number');
    await user.click(number);
    await user.tab();
    const message = await within(items()[1]!).findByText('The Number field is required.');
    expect(number.getAttribute('aria-invalid')).to.equal('true');
    expect(number.getAttribute('aria-describedby')).to.include(message.id);
    expect(within(items()[0]!).queryByText(/required/)).to.equal(null);
    // Fixed, the message goes.
    await user.type(number, '12');
    await waitFor(() => expect(within(items()[1]!).queryByText('The Number field is required.')).to.equal(null));
  });
});
