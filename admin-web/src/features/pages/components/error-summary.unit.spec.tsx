import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { errorItem, messageFor } from '@pagelog/contracts/error-catalogue';
import { blockCard, changeTitle, openEditor } from '../../../testing/page-editor';
import { aBlock, aPage, aVersion, pageServer } from '../../../testing/pages';
import { failure } from '../../../testing/replies';

/** A page of three headings, so that blocks can be told apart by their place and their text. */
const version = aVersion({
  blocks: [aBlock({ key: 'block-1', props: { text: 'Een', level: 2 } }), aBlock({ key: 'block-2', props: { text: 'Twee', level: 2 } }), aBlock({ key: 'block-3', props: { text: 'Drie', level: 2 } })],
});

/** The messages of the editor's error summary; none while it is not shown. */
const summary = () => {
  const list = document.querySelector('.error-list[data-collection="page-editor"]');
  return list ? within(list as HTMLElement).getAllByRole('listitem').map((item) => item.textContent) : [];
};
const required = (position: number) => `${position}. Heading: The Text field is required.`;

async function setText(user: UserEvent, title: string, text: string) {
  const card = blockCard(title);
  if (within(card).queryByRole('button', { name: 'Edit' })) await user.click(within(card).getByRole('button', { name: 'Edit' }));
  const field = within(blockCard(title)).getByLabelText('Text', { exact: true });
  await user.clear(field);
  if (text !== '') await user.type(field, text);
}

describe('the page editor\'s error summary', () => {
  const consoleError = console.error;
  beforeEach(() => {
    console.error = () => {};
  });
  afterEach(() => {
    console.error = consoleError;
  });

  describe('after a save the checks refused', () => {
    it('drops a block once its fields are fixed, and names the blocks still wrong', async () => {
      const { user } = await openEditor({ server: pageServer(aPage(), version) });
      await setText(user, '1. Heading', '');
      await setText(user, '3. Heading', '');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(summary()).to.deep.equal([required(1), required(3)]));

      await setText(user, '1. Heading', 'Een');
      await waitFor(() => expect(summary()).to.deep.equal([required(3)]));
      await setText(user, '3. Heading', 'Drie');
      await waitFor(() => expect(summary()).to.deep.equal([]));
      expect(screen.queryByRole('alert')).to.equal(null);
    });

    it('names a block by its place now after it moved, and brings a problem back when a fixed field breaks again', async () => {
      const { user } = await openEditor({ server: pageServer(aPage(), version) });
      await setText(user, '3. Heading', '');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(summary()).to.deep.equal([required(3)]));

      await user.click(within(blockCard('3. Heading')).getByRole('button', { name: 'Move up' }));
      await waitFor(() => expect(summary()).to.deep.equal([required(2)]));
      await setText(user, '1. Heading', '');
      await waitFor(() => expect(summary()).to.deep.equal([required(1), required(2)]));
    });
  });

  describe('after a save the server refused', () => {
    it('keeps an error about a block while the block is unchanged, follows its moves, and drops it once the block changes', async () => {
      const server = pageServer(aPage(), version);
      server.answer('pageVersionStore', failure(400, errorItem('V_15', 'blocks[2].props.text', 'pageVersion'), errorItem('V_11', 'title', 'pageVersion')));
      const { user } = await openEditor({ server });
      await setText(user, '3. Heading', 'Drie <b');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(summary()).to.deep.equal([messageFor('V_15', 'text'), messageFor('V_11', 'title')]));

      // Another block's edit leaves both.
      await setText(user, '1. Heading', 'Een!');
      await user.click(within(blockCard('3. Heading')).getByRole('button', { name: 'Move up' }));
      await waitFor(() => expect(summary()).to.deep.equal([messageFor('V_15', 'text'), messageFor('V_11', 'title')]));
      // The title changed: its error goes; the block changed: its error goes.
      await changeTitle(user, 'Kort');
      await waitFor(() => expect(summary()).to.deep.equal([messageFor('V_15', 'text')]));
      await user.click(screen.getByRole('tab', { name: 'Overview' }));
      await setText(user, '2. Heading', 'Drie');
      await waitFor(() => expect(summary()).to.deep.equal([]));
    });
  });
});
