import { expect } from 'chai';
import { screen, waitFor } from '@testing-library/react';
import type { EditableFormSettingsList } from '@pagelog/contracts/forms/form-settings';
import { fakeServer } from '../../../testing/fake-server';
import { renderAdmin } from '../../../testing/render';
import { errorItem, messageFor } from '@pagelog/contracts/error-catalogue';
import { failure, success } from '../../../testing/replies';
import { aUser } from '../../../testing/users';

const list: EditableFormSettingsList = {
  availableLocales: ['nl-nl', 'en-gb'],
  forms: [
    {
      form: 'informationRequest',
      label: 'Information request',
      retentionMonths: 12,
      locales: { 'nl-nl': { intro: '', thankYou: 'Dank!', recipients: ['info@pagelog.test'], confirmationMail: true } },
      defaults: { 'nl-nl': { intro: 'Stel uw vraag', thankYou: 'Bedankt' }, 'en-gb': { intro: 'Ask your question', thankYou: 'Thank you' } },
      revision: 1,
    },
    { form: 'quoteRequest', label: 'Quote request', retentionMonths: null, locales: {}, defaults: {}, revision: 0 },
  ],
};

function open() {
  const server = fakeServer({ formsSettings: success(list), formsSettingsUpdate: success({ form: 'informationRequest', revision: 2, changed: ['nl-nl'], position: 9 }) });
  return { ...renderAdmin('/forms/settings', { server }), server };
}

describe('the form settings screen', () => {
  it("shows a form's settings per language, the form's own texts as placeholders", async () => {
    open();
    const recipients = (await screen.findAllByLabelText('Notify'))[0] as HTMLTextAreaElement;
    expect(recipients.value).to.equal('info@pagelog.test');
    const intros = screen.getAllByLabelText('Introduction') as HTMLTextAreaElement[];
    expect(intros.map((i) => i.placeholder)).to.deep.equal(['Stel uw vraag', 'Ask your question']);
    expect((screen.getAllByLabelText('Send the submitter a confirmation mail') as HTMLInputElement[]).map((c) => c.checked)).to.deep.equal([true, false]);
    expect((screen.getByLabelText('Erase submissions after (months)') as HTMLInputElement).value).to.equal('12');
  });

  it('saves the recipients one per line, the texts and the period', async () => {
    const { server, user } = open();
    const recipients = (await screen.findAllByLabelText('Notify'))[1] as HTMLTextAreaElement;
    await user.type(recipients, 'sales@pagelog.test{enter}office@pagelog.test');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(server.callsOf('formsSettingsUpdate')).to.have.length(1));
    const body = server.callsOf('formsSettingsUpdate')[0]!.body as { form: string; revision: number; retentionMonths: number; locales: Record<string, { recipients: string[] }> };
    expect(body.form).to.equal('informationRequest');
    expect(body.revision).to.equal(1);
    expect(body.retentionMonths).to.equal(12);
    expect(body.locales['en-gb']!.recipients).to.deep.equal(['sales@pagelog.test', 'office@pagelog.test']);
    expect(body.locales['nl-nl']!.recipients).to.deep.equal(['info@pagelog.test']);
    await screen.findByText('Settings saved.');
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const { server, user } = open();
    server.answer('formsSettingsUpdate', failure(400, errorItem('V_02', 'locales.en-gb.recipients[0]', 'formSettings')));
    const recipients = (await screen.findAllByLabelText('Notify'))[1] as HTMLTextAreaElement;
    await user.type(recipients, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText(/must contain a valid email address/);
    expect(((await screen.findAllByLabelText('Notify'))[1] as HTMLTextAreaElement).value).to.equal('not an address');
  });

  it('says another save came first (409), keeps what was typed, and loads the current settings when asked', async () => {
    const { server, user } = open();
    server.answer('formsSettingsUpdate', failure(409, errorItem('V_07', 'revision', 'form')));
    const recipients = (await screen.findAllByLabelText('Notify'))[1] as HTMLTextAreaElement;
    await user.type(recipients, 'mine@pagelog.test');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText(/someone else saved this form's settings meanwhile/);
    expect(((await screen.findAllByLabelText('Notify'))[1] as HTMLTextAreaElement).value).to.equal('mine@pagelog.test');
    const theirs: EditableFormSettingsList = { ...list, forms: [{ ...list.forms[0]!, revision: 2, locales: { ...list.forms[0]!.locales, 'en-gb': { intro: '', thankYou: '', recipients: ['theirs@pagelog.test'], confirmationMail: false } } }, list.forms[1]!] };
    server.answer('formsSettings', success(theirs));
    await user.click(screen.getByRole('button', { name: 'Load the current settings' }));
    await waitFor(() => expect(((screen.getAllByLabelText('Notify'))[1] as HTMLTextAreaElement).value).to.equal('theirs@pagelog.test'));
    expect(screen.queryByText(/someone else saved/)).to.equal(null);
  });

  it('is for manage-forms only', async () => {
    const server = fakeServer({ formsSettings: success(list) });
    renderAdmin('/forms/settings', { server, signedIn: aUser({ ID: 'user-2', name: 'Ed Itor' }, ['edit-page']) });
    await screen.findByText(messageFor('UM_01'));
    expect(server.callsOf('formsSettings')).to.have.length(0);
  });
});
