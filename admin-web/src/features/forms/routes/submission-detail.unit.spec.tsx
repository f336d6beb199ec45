import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import type { SubmissionDetails, SubmitterPreview } from '@pagelog/contracts/forms/submission';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import { fakeServer } from '../../../testing/fake-server';
import { renderAdmin } from '../../../testing/render';
import { failure, success } from '../../../testing/replies';
import { aUser } from '../../../testing/users';
import { aSubmission } from './submissions.unit.spec';

const values = [
  { field: 'name', label: 'Name', value: 'Anna de Vries' },
  { field: 'organisation', label: 'Organisation', value: '' },
  { field: 'email', label: 'E-mail address', value: 'anna@example.nl' },
  { field: 'phone', label: 'Phone number', value: '030 123 45 67' },
  { field: 'question', label: 'Your question', value: 'Doen jullie ook onderzoek voor provincies?' },
];

const detail = (overrides: Partial<SubmissionDetails> = {}): SubmissionDetails => ({ ...aSubmission('s-1'), values, ...overrides });

const preview: SubmitterPreview = {
  email: 'anna@example.nl',
  forms: [
    { form: 'informationRequest', label: 'Information request', count: 2, newsletterSubscriptions: 0 },
    { form: 'newsletter', label: 'Newsletter', count: 1, newsletterSubscriptions: 1 },
  ],
  total: 3,
  newsletterSubscriptions: 1,
  firstReceivedAt: '2026-10-01T08:00:00Z',
  lastReceivedAt: '2026-11-24T10:00:00Z',
  alreadyErased: 0,
};

function open(submission: SubmissionDetails) {
  const server = fakeServer({ formsSubmission: success(submission), formsSubmitter: success(preview) });
  return { ...renderAdmin(`/forms/submission/${submission.id}`, { server }), server };
}

/** The labelled values as label → value. */
function shownValues(): [string, string][] {
  return [...document.querySelectorAll('.submission-values__row')].map((row) => [row.querySelector('dt')!.textContent ?? '', row.querySelector('dd')!.textContent ?? '']);
}

describe("a submission's screen", () => {
  it('shows every field of the form with its label, and the status', async () => {
    const { server } = open(detail());
    await screen.findByText('Your question');
    expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('Submission: Information request');
    expect(shownValues()).to.deep.equal(values.map((v) => [v.label, v.value]));
    expect(server.callsOf('formsSubmission')[0]!.params).to.deep.equal({ id: 's-1' });
    expect(screen.getByRole('link', { name: 'Back to the submissions' }).getAttribute('href')).to.equal('/cmsadmin/forms');
  });

  it('marks it handled, and a handled one open again', async () => {
    const { server, user } = open(detail());
    const mark = await screen.findByRole('button', { name: 'Mark handled' });
    // Read again after the command, as the server has it then.
    server.answer('formsSubmission', success(detail({ status: 'handled' })));
    await user.click(mark);
    await waitFor(() => expect(server.callsOf('formsSubmissionHandled').map((c) => c.body)).to.deep.equal([{ handled: true }]));
    await user.click(await screen.findByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(server.callsOf('formsSubmissionHandled').map((c) => c.body)).to.deep.equal([{ handled: true }, { handled: false }]));
  });

  it('settles a suspected one as not spam, or as spam', async () => {
    const { server, user } = open(detail({ status: 'spam', suspected: true, reasons: ['honeypot'] }));
    const review = within(await screen.findByRole('group', { name: 'Spam review' }));
    expect(screen.getByText('Spam', { exact: false, selector: '.submission-status' }).textContent).to.equal('Spam · Suspected spam (hidden field filled in)');
    expect(screen.queryByRole('button', { name: 'Mark handled' })).to.equal(null);
    await user.click(review.getByRole('button', { name: 'Not spam' }));
    await waitFor(() => expect(server.callsOf('formsSubmissionSpam').map((c) => c.body)).to.deep.equal([{ spam: false }]));
    await user.click(review.getByRole('button', { name: 'Spam' }));
    await waitFor(() => expect(server.callsOf('formsSubmissionSpam').map((c) => c.body)).to.deep.equal([{ spam: false }, { spam: true }]));
  });

  it('shows no spam review for a submission that was never suspected', async () => {
    open(detail());
    await screen.findByText('Your question');
    expect(screen.queryByRole('group', { name: 'Spam review' })).to.equal(null);
  });

  it("erases the submitter's data only once the dialog that names what goes is confirmed", async () => {
    const { server, user } = open(detail());
    server.answer('formsEraseSubmitter', success({ erased: 3, position: 500 }));
    await user.click(await screen.findByRole('button', { name: "Erase this submitter's data" }));
    const dialog = within(await screen.findByRole('dialog', { name: "Erase this submitter's data" }));
    await dialog.findByText('Everything sent with anna@example.nl will be erased for good:');
    expect(server.callsOf('formsSubmitter').map((c) => c.body)).to.deep.equal([{ email: 'anna@example.nl' }]);
    expect(dialog.getAllByRole('listitem').map((item) => item.textContent)).to.deep.equal(['Information request: 2 submissions', 'Newsletter: 1 submission']);
    expect(dialog.getByText('among them 1 newsletter subscription')).to.exist;
    expect(dialog.getByText(/^received between /)).to.exist;
    const erase = dialog.getByRole('button', { name: 'Erase' }) as HTMLButtonElement;
    expect(erase.disabled).to.equal(true);
    await user.click(dialog.getByLabelText('I understand that this data will be erased for good'));
    expect(erase.disabled).to.equal(false);
    server.answer('formsSubmission', success(detail({ submitter: null, values: null, excerpt: '' })));
    await user.click(erase);
    await waitFor(() => expect(server.callsOf('formsEraseSubmitter').map((c) => c.body)).to.deep.equal([{ email: 'anna@example.nl' }]));
    await screen.findByText('3 submissions erased.');
    expect(screen.queryByRole('dialog')).to.equal(null);
    await screen.findByText("This submitter's data was erased: what they sent can no longer be read.");
    expect(screen.queryByRole('button', { name: "Erase this submitter's data" })).to.equal(null);
  });

  it('keeps the submitter when the dialog is cancelled, and shows a refusal in it', async () => {
    const { server, user } = open(detail());
    await user.click(await screen.findByRole('button', { name: "Erase this submitter's data" }));
    let dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).to.equal(null);
    expect(server.callsOf('formsEraseSubmitter')).to.have.length(0);

    server.answer('formsEraseSubmitter', failure(503));
    await user.click(screen.getByRole('button', { name: "Erase this submitter's data" }));
    dialog = within(await screen.findByRole('dialog'));
    await user.click(await dialog.findByLabelText('I understand that this data will be erased for good'));
    await user.click(dialog.getByRole('button', { name: 'Erase' }));
    expect(await dialog.findByText(messageFor('G_01'))).to.exist;
  });

  it('says so for a submission that does not exist', async () => {
    const server = fakeServer({ formsSubmission: failure(404) });
    renderAdmin('/forms/submission/nope', { server });
    expect(await screen.findByText('This submission does not exist (any more).')).to.exist;
  });

  it('is for manage-forms only', () => {
    const server = fakeServer();
    renderAdmin('/forms/submission/s-1', { server, signedIn: aUser({ ID: 'user-2' }, ['edit-page']) });
    expect(screen.getByText(messageFor('UM_01'))).to.exist;
    expect(server.callsOf('formsSubmission')).to.have.length(0);
  });
});
