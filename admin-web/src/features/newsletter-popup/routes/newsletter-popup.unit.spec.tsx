import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import { errorItem, messageFor } from '@pagelog/contracts/error-catalogue';
import { defaultPopupLocaleSettings, type EditableNewsletterPopup, type PopupLocaleSettings } from '@pagelog/contracts/newsletter-popup/popup-settings';
import type { ApiReply } from '../../../core/api/api-client';
import type { FakeServer } from '../../../testing/fake-server';
import { fakeServer } from '../../../testing/fake-server';
import { renderAdmin } from '../../../testing/render';
import { failure, success } from '../../../testing/replies';
import { aUser } from '../../../testing/users';

const dutch: PopupLocaleSettings = {
  enabled: true,
  delay: { amount: 30, unit: 'seconds' },
  hiddenAfterAccept: { amount: 365, unit: 'days' },
  hiddenAfterDecline: { amount: 14, unit: 'days' },
  title: 'Blijf op de hoogte',
  intro: '',
  buttonText: '',
  thankYou: '',
  showOn: 'only',
  paths: ['/publicaties', '/nieuws'],
};

function settings(overrides: Partial<EditableNewsletterPopup> = {}): EditableNewsletterPopup {
  return {
    availableLocales: ['nl-nl', 'en-gb'],
    // en-gb was never saved: the screen shows the defaults.
    locales: { 'nl-nl': dutch },
    defaults: {
      'nl-nl': { title: 'Onze nieuwsbrief', intro: 'Eens per maand ons nieuws.', buttonText: 'Aanmelden', thankYou: 'Bedankt!' },
      'en-gb': { title: 'Our newsletter', intro: 'Our news once a month.', buttonText: 'Subscribe', thankYou: 'Thank you!' },
    },
    revision: 4,
    ...overrides,
  };
}

async function open(read = settings(), update: ApiReply<unknown> = success({ changed: ['nl-nl'], revision: 5, position: 9 })) {
  const server = fakeServer({ newsletterPopupSettings: success(read), newsletterPopupUpdate: update });
  const view = renderAdmin('/modules/newsletter-popup', { server });
  await screen.findByRole('region', { name: 'Nederlands (nl-nl)' });
  return { ...view, server };
}

const section = (name: string) => within(screen.getByRole('region', { name }));
const nl = () => section('Nederlands (nl-nl)');
const en = () => section('English (en-gb)');
const amountOf = (scope: ReturnType<typeof within>, legend: string) => within(scope.getByRole('group', { name: legend })).getByLabelText('Amount') as HTMLInputElement;
const unitOf = (scope: ReturnType<typeof within>, legend: string) => within(scope.getByRole('group', { name: legend })).getByLabelText('Unit') as HTMLSelectElement;
const sent = (server: FakeServer) => server.callsOf('newsletterPopupUpdate').map((call) => call.body as { revision: number; locales: Record<string, PopupLocaleSettings> });
/** The text of the elements an input is described by. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('the newsletter popup screen', () => {
  it('shows each locale as read, the unsaved one with the defaults and the popup texts as placeholders', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('Newsletter popup');
    expect((nl().getByRole('checkbox', { name: 'Show the popup' }) as HTMLInputElement).checked).to.equal(true);
    expect(amountOf(nl(), 'Time until the popup appears').value).to.equal('30');
    expect(unitOf(nl(), 'Time until the popup appears').value).to.equal('seconds');
    expect(description(nl().getByRole('group', { name: 'Time until the popup appears' }))).to.contain("visitor's first page view");
    expect(amountOf(nl(), 'Hidden after declining').value).to.equal('14');
    expect((nl().getByRole('radio', { name: 'Only these pages' }) as HTMLInputElement).checked).to.equal(true);
    expect((nl().getByLabelText('Pages') as HTMLTextAreaElement).value).to.equal('/publicaties\n/nieuws');
    expect((nl().getByLabelText('Title') as HTMLInputElement).value).to.equal('Blijf op de hoogte');
    expect((nl().getByLabelText('Button text') as HTMLInputElement).placeholder).to.equal('Aanmelden');

    expect((en().getByRole('checkbox', { name: 'Show the popup' }) as HTMLInputElement).checked).to.equal(false);
    expect(amountOf(en(), 'Time until the popup appears').value).to.equal(String(defaultPopupLocaleSettings.delay.amount));
    expect((en().getByRole('radio', { name: 'Every page' }) as HTMLInputElement).checked).to.equal(true);
    expect(en().queryByLabelText('Pages')).to.equal(null);
    expect((en().getByLabelText('Thank-you text') as HTMLTextAreaElement).placeholder).to.equal('Thank you!');
  });

  it('saves every locale with the revision it read, says so, and names the new revision next time', async () => {
    const { user, server } = await open();
    await user.clear(amountOf(nl(), 'Time until the popup appears'));
    await user.type(amountOf(nl(), 'Time until the popup appears'), '2');
    await user.selectOptions(unitOf(nl(), 'Time until the popup appears'), 'days');
    await user.click(en().getByRole('checkbox', { name: 'Show the popup' }));
    await user.click(en().getByRole('radio', { name: 'Every page except these' }));
    await user.type(en().getByLabelText('Pages'), '/en-gb/jobs{enter}{enter}/en-gb/contact ');
    await user.type(en().getByLabelText('Button text'), 'Sign me up');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText("The newsletter popup's settings are saved.")).to.exist;
    expect(sent(server)).to.deep.equal([
      {
        revision: 4,
        locales: {
          'nl-nl': { ...dutch, delay: { amount: 2, unit: 'days' } },
          'en-gb': { ...defaultPopupLocaleSettings, enabled: true, showOn: 'except', paths: ['/en-gb/jobs', '/en-gb/contact'], buttonText: 'Sign me up' },
        },
      },
    ]);
    await user.type(nl().getByLabelText('Intro'), 'Nieuws!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(server)).to.have.length(2));
    expect(sent(server)[1]!.revision).to.equal(5);
  });

  it("shows the server's refusal under its field and keeps what was typed", async () => {
    const { user, server } = await open(settings(), failure(400, errorItem('V_12', 'locales.nl-nl.hiddenAfterDecline.amount', 'newsletterPopup')));
    const amount = () => amountOf(nl(), 'Hidden after declining');
    await user.clear(amount());
    await user.type(amount(), '700');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(amount().getAttribute('aria-invalid')).to.equal('true'));
    expect(description(amount())).to.equal(messageFor('V_12', 'amount'));
    expect(amount().value).to.equal('700');
    expect(amountOf(nl(), 'Time until the popup appears').getAttribute('aria-invalid')).to.equal(null);
    expect(amountOf(en(), 'Hidden after declining').getAttribute('aria-invalid')).to.equal(null);
    expect(sent(server)).to.have.length(1);
    // Changing the field takes what was said about it away.
    await user.type(amount(), '0');
    expect(amount().getAttribute('aria-invalid')).to.equal(null);
  });

  it('refuses what the contract refuses before sending anything, naming the line of a path', async () => {
    const { user, server } = await open();
    await user.clear(amountOf(en(), 'Time until the popup appears'));
    await user.type(nl().getByLabelText('Pages'), '{enter}geen pad');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const summary = await screen.findByRole('alert');
    expect(within(summary).getAllByRole('listitem').map((item) => item.textContent)).to.have.members([messageFor('V_01', 'amount'), `Line 3 of the pages: ${messageFor('V_12', 'path')}`]);
    expect(description(amountOf(en(), 'Time until the popup appears'))).to.equal(messageFor('V_01', 'amount'));
    expect(description(nl().getByLabelText('Pages'))).to.contain('Line 3 of the pages');
    expect(sent(server)).to.deep.equal([]);
  });

  it('on a save another came before, keeps the input and offers the current settings', async () => {
    const conflict = { ...failure(409, errorItem('V_07', 'revision', 'newsletterPopup')), data: { conflicts: ['revision'], current: { revision: 6 } } } as ApiReply<unknown>;
    const { user, server } = await open(settings(), conflict);
    server.answer('newsletterPopupSettings', success(settings({ revision: 6, locales: { 'nl-nl': { ...dutch, title: 'Hun titel' } } })));
    await user.clear(nl().getByLabelText('Title'));
    await user.type(nl().getByLabelText('Title'), 'Mijn titel');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(/Someone else saved the newsletter popup's settings since you opened them/)).to.exist;
    expect((nl().getByLabelText('Title') as HTMLInputElement).value).to.equal('Mijn titel');
    await user.click(screen.getByRole('button', { name: 'Load the current settings' }));
    await waitFor(() => expect((nl().getByLabelText('Title') as HTMLInputElement).value).to.equal('Hun titel'));
    expect(screen.queryByText(/Someone else saved/)).to.equal(null);
    server.answer('newsletterPopupUpdate', success({ changed: [], revision: 7, position: 10 }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(server)).to.have.length(2));
    expect(sent(server)[1]!.revision).to.equal(6);
  });

  it('is for manage-forms only', async () => {
    const server = fakeServer({ newsletterPopupSettings: success(settings()) });
    renderAdmin('/modules/newsletter-popup', { server, signedIn: aUser({ ID: 'user-2', name: 'Ed Itor' }, ['edit-page']) });
    await screen.findByText(messageFor('UM_01'));
    expect(server.callsOf('newsletterPopupSettings')).to.have.length(0);
  });
});
