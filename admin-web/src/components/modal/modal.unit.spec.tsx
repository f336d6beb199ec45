import { expect } from 'chai';
import { useState, type ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../app/i18n/create-i18n';
import { Modal } from './modal';

function renderModal(node: ReactNode) {
  render(<I18nextProvider i18n={createI18n()}>{node}</I18nextProvider>);
  return userEvent.setup();
}

function noop() {}

/** The dialog's own buttons, after its Close button. */
const footerButtons = () => within(screen.getByRole('dialog')).getAllByRole('button').slice(1);

describe('Modal', () => {
  describe('with a title', () => {
    beforeEach(() => {
      renderModal(
        <Modal title="Delete page" onClose={noop} confirmButton={{ text: 'Delete', onClick: noop }}>
          <p>The page goes to the bin.</p>
        </Modal>,
      );
    });

    it('is a modal dialog named by its title and described by its content', () => {
      const dialog = screen.getByRole('dialog', { name: 'Delete page' });
      expect(dialog.getAttribute('aria-modal')).to.equal('true');
      expect(within(dialog).getByRole('heading', { level: 2 }).textContent).to.equal('Delete page');
      expect(screen.getByRole('dialog', { description: 'The page goes to the bin.' })).to.equal(dialog);
    });

    it('has a close button and one orange confirm button', () => {
      const buttons = within(screen.getByRole('dialog')).getAllByRole('button');
      expect(buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent)).to.deep.equal(['Close', 'Delete']);
      expect(buttons[1]!.className).to.equal('button button--orange');
      expect((buttons[1] as HTMLButtonElement).disabled).to.equal(false);
    });

    it('is medium-sized by default', () => {
      expect(screen.getByRole('dialog').className).to.equal('modal modal--medium');
    });
  });

  describe('without a title', () => {
    beforeEach(() => {
      renderModal(
        <Modal onClose={noop} size="small" confirmButton={{ disabled: true, onClick: noop }}>
          Sure?
        </Modal>,
      );
    });

    it('shows no heading and is named by its content instead', () => {
      expect(screen.queryByRole('heading')).to.equal(null);
      expect(screen.getByRole('dialog', { name: 'Sure?' }).className).to.equal('modal modal--small');
    });

    it('can disable its confirm button, which defaults to "Confirm"', () => {
      const confirm = screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
      expect(confirm.disabled).to.equal(true);
    });
  });

  describe('with a list of buttons', () => {
    beforeEach(() => {
      renderModal(
        <Modal
          title="Publication request"
          size="large"
          onClose={noop}
          buttons={[
            { text: 'Reject', theme: 'grey', onClick: noop },
            { text: 'Accept', theme: 'orange', disabled: true, onClick: noop },
            { text: 'Later', theme: 'grey', disabled: false, onClick: noop },
          ]}
        />,
      );
    });

    it('shows each button in order, with its theme, disabled where flagged', () => {
      expect(
        footerButtons().map((button) => [button.textContent, button.className, (button as HTMLButtonElement).disabled]),
      ).to.deep.equal([
        ['Reject', 'button button--grey', false],
        ['Accept', 'button button--orange', true],
        ['Later', 'button button--grey', false],
      ]);
    });

    it('comes in the large size', () => {
      expect(screen.getByRole('dialog').className).to.equal('modal modal--large');
    });
  });

  describe('with a button that submits a form in its body', () => {
    let submitted: string[];

    beforeEach(() => {
      submitted = [];
      renderModal(
        <Modal
          title="Add user"
          onClose={noop}
          buttons={[
            { text: 'Cancel', theme: 'grey', onClick: () => submitted.push('cancelled') },
            { text: 'Save', theme: 'orange', form: 'user-form' },
          ]}
        >
          <form
            id="user-form"
            onSubmit={(event) => {
              event.preventDefault();
              submitted.push('submitted');
            }}
          />
        </Modal>,
      );
    });

    it('submits that form with that button, and only with that one', async () => {
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(submitted).to.deep.equal(['submitted', 'cancelled']);
    });
  });

  describe('while open', () => {
    function Page() {
      const [open, setOpen] = useState(false);
      const [closedBy, setClosedBy] = useState('');
      return (
        <main>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <p>{closedBy}</p>
          {open && (
            <Modal
              title="Sure?"
              onClose={() => {
                setOpen(false);
                setClosedBy('closed');
              }}
              confirmButton={{ text: 'Yes', onClick: noop }}
            >
              <input aria-label="Reason" />
            </Modal>
          )}
        </main>
      );
    }

    it('takes focus, keeps Tab inside, hides the page behind it, and gives focus back when Escape closes it', async () => {
      const user = renderModal(<Page />);
      const opener = screen.getByRole('button', { name: 'Open' });
      await user.click(opener);
      const dialog = screen.getByRole('dialog', { name: 'Sure?' });
      expect(dialog.contains(document.activeElement)).to.equal(true);
      expect(screen.queryByRole('button', { name: 'Open' }), 'the page behind is hidden').to.equal(null);
      for (let step = 0; step < 5; step++) {
        await user.tab();
        expect(dialog.contains(document.activeElement)).to.equal(true);
      }
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).to.equal(null);
      expect(screen.getByText('closed')).to.exist;
      expect(document.activeElement).to.equal(opener);
    });

    it('closes with its Close button and with a click on the backdrop', async () => {
      const user = renderModal(<Page />);
      await user.click(screen.getByRole('button', { name: 'Open' }));
      await user.click(screen.getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).to.equal(null);
      await user.click(screen.getByRole('button', { name: 'Open' }));
      await user.click(screen.getByRole('dialog').parentElement!);
      expect(screen.queryByRole('dialog')).to.equal(null);
    });
  });
});
