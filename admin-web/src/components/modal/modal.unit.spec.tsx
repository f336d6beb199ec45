import { expect } from 'chai';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../app/i18n/create-i18n';
import { Modal } from './modal';

function render(node: ReactNode): string {
  return renderToString(<I18nextProvider i18n={createI18n()}>{node}</I18nextProvider>);
}

function noop() {}

/** The opening tags of the <button> elements, in order, with their text. */
function buttons(html: string): { tag: string; text: string }[] {
  return [...html.matchAll(/(<button[^>]*>)(.*?)<\/button>/g)].map((match) => ({
    tag: match[1] ?? '',
    text: (match[2] ?? '').replace(/<[^>]+>/g, ''),
  }));
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

describe('Modal', () => {
  describe('with a title', () => {
    const html = render(
      <Modal title="Delete page" onClose={noop} confirmButton={{ text: 'Delete', onClick: noop }}>
        <p>The page goes to the bin.</p>
      </Modal>,
    );
    const dialogTag = /<div[^>]*role="dialog"[^>]*>/.exec(html)?.[0] ?? '';

    it('is a modal dialog', () => {
      expect(dialogTag).to.not.equal('');
      expect(attribute(dialogTag, 'aria-modal')).to.equal('true');
    });

    it('is labelled by its title', () => {
      const labelledBy = attribute(dialogTag, 'aria-labelledby');
      expect(labelledBy).to.be.a('string').and.not.equal('');
      expect(html).to.include(`id="${labelledBy}" class="modal__title">Delete page</h2>`);
    });

    it('shows its content', () => {
      expect(html).to.include('<p>The page goes to the bin.</p>');
    });

    it('has a close button and one orange confirm button', () => {
      const found = buttons(html);
      expect(found).to.have.length(2);
      expect(attribute(found[0]!.tag, 'aria-label')).to.equal('Close');
      expect(found[1]!.text).to.equal('Delete');
      expect(attribute(found[1]!.tag, 'class')).to.equal('button button--orange');
      expect(attribute(found[1]!.tag, 'disabled')).to.equal(undefined);
    });

    it('is medium-sized by default', () => {
      expect(attribute(dialogTag, 'class')).to.equal('modal modal--medium');
    });
  });

  describe('without a title', () => {
    const html = render(
      <Modal onClose={noop} size="small" confirmButton={{ disabled: true, onClick: noop }}>
        Sure?
      </Modal>,
    );

    it('shows no heading and is named by its content instead', () => {
      expect(html).to.not.include('<h2');
      const dialogTag = /<div[^>]*role="dialog"[^>]*>/.exec(html)?.[0] ?? '';
      const labelledBy = attribute(dialogTag, 'aria-labelledby');
      expect(html).to.include(`id="${labelledBy}" class="modal__body">Sure?</div>`);
    });

    it('renders the requested size', () => {
      expect(html).to.include('class="modal modal--small"');
    });

    it('can disable its confirm button, which defaults to "Confirm"', () => {
      const confirm = buttons(html)[1]!;
      expect(confirm.text).to.equal('Confirm');
      expect(attribute(confirm.tag, 'disabled')).to.equal('');
    });
  });

  describe('with a list of buttons', () => {
    const html = render(
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
    const listed = buttons(html).slice(1);

    it('renders each button in order with its text', () => {
      expect(listed.map((button) => button.text)).to.deep.equal(['Reject', 'Accept', 'Later']);
    });

    it('gives each button its theme', () => {
      expect(listed.map((button) => attribute(button.tag, 'class'))).to.deep.equal([
        'button button--grey',
        'button button--orange',
        'button button--grey',
      ]);
    });

    it('disables exactly the buttons flagged disabled', () => {
      expect(listed.map((button) => attribute(button.tag, 'disabled') !== undefined)).to.deep.equal([false, true, false]);
    });

    it('renders the large size', () => {
      expect(html).to.include('class="modal modal--large"');
    });
  });

  describe('with a button that submits a form in its body', () => {
    const html = render(
      <Modal
        title="Add user"
        onClose={noop}
        buttons={[
          { text: 'Cancel', theme: 'grey', onClick: noop },
          { text: 'Save', theme: 'orange', form: 'user-form' },
        ]}
      >
        <form id="user-form" />
      </Modal>,
    );
    const [, cancel, save] = buttons(html);

    it('makes that button a submit button of the form', () => {
      expect(attribute(save!.tag, 'type')).to.equal('submit');
      expect(attribute(save!.tag, 'form')).to.equal('user-form');
    });

    it('keeps the other buttons plain buttons', () => {
      expect(attribute(cancel!.tag, 'type')).to.equal('button');
      expect(attribute(cancel!.tag, 'form')).to.equal(undefined);
    });
  });
});
