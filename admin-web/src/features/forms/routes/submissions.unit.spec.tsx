import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import type { SubmissionSummary } from '@pagelog/contracts/forms/submission';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import { fakeServer } from '../../../testing/fake-server';
import { renderAdmin } from '../../../testing/render';
import { success } from '../../../testing/replies';
import { aUser } from '../../../testing/users';

export function aSubmission(id: string, overrides: Partial<SubmissionSummary> = {}): SubmissionSummary {
  return {
    id,
    form: 'informationRequest',
    locale: 'nl-nl',
    pageId: null,
    receivedAt: '2026-11-24T10:00:00Z',
    status: 'new',
    suspected: false,
    reasons: [],
    submitter: { name: 'Anna de Vries', email: 'anna@example.nl', organisation: '' },
    excerpt: 'Doen jullie ook onderzoek voor provincies?',
    ...overrides,
  };
}

const items = [
  aSubmission('s-1'),
  aSubmission('s-2', { form: 'newsletterPopup', status: 'spam', suspected: true, reasons: ['too-fast'], submitter: { name: '', email: 'snel@example.nl', organisation: '' }, excerpt: '' }),
  aSubmission('s-3', { status: 'handled', submitter: null, excerpt: '' }),
];

/** The table's rows, cell by cell (the actions column left out). */
function rows(): string[][] {
  const table = screen.getByRole('table', { name: 'Form submissions' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].slice(0, 5).map((cell) => cell.textContent ?? ''));
}

async function openScreen() {
  const server = fakeServer({ formsSubmissions: success({ items, totalItems: 3 }) });
  const view = renderAdmin('/forms', { server });
  await waitFor(() => expect(rows()).to.have.length(3));
  return { ...view, server };
}

const lastList = (server: ReturnType<typeof fakeServer>) => server.callsOf('formsSubmissions').at(-1)!.body as Record<string, unknown>;

describe('the Forms area', () => {
  it('lists the submissions newest first: when, which form, who (or erased), a line of what, and the status', async () => {
    const { server } = await openScreen();
    expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('Forms');
    expect(rows().map((row) => row.slice(1))).to.deep.equal([
      ['Information request', 'Anna de Vries anna@example.nl', 'Doen jullie ook onderzoek voor provincies?', 'New'],
      ['Newsletter popup', 'snel@example.nl', '', 'Spam · Suspected spam (sent too fast)'],
      ['Information request', 'Erased', '', 'Handled · Erased'],
    ]);
    expect(lastList(server)).to.deep.include({ form: '', status: '', from: '', to: '', searchTerm: '', columnToSort: '', sortOrder: 'desc', pageIndex: 0 });
    expect(screen.getByRole('link', { name: 'Open the submission of Anna de Vries' }).getAttribute('href')).to.equal('/cmsadmin/forms/submission/s-1');
  });

  it('asks again with the form, status and days chosen, and the term searched for', async () => {
    const { server, user } = await openScreen();
    await user.selectOptions(screen.getByLabelText('Form'), 'quoteRequest');
    await user.selectOptions(screen.getByLabelText('Status'), 'spam');
    await user.type(screen.getByLabelText('Received from'), '2026-11-01');
    await user.type(screen.getByLabelText('Received until'), '2026-11-30');
    await user.type(screen.getByRole('searchbox'), 'provincies');
    await waitFor(() => expect(lastList(server)).to.deep.include({ form: 'quoteRequest', status: 'spam', from: '2026-11-01', to: '2026-11-30', searchTerm: 'provincies', pageIndex: 0 }));
  });

  it('sorts by received, form and submitter', async () => {
    const { server, user } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Submitter' }));
    await waitFor(() => expect(lastList(server)).to.deep.include({ columnToSort: 'submitter', sortOrder: 'asc' }));
    await user.click(screen.getByRole('button', { name: /^Submitter/ }));
    await waitFor(() => expect(lastList(server)).to.deep.include({ columnToSort: 'submitter', sortOrder: 'desc' }));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'form:asc');
    await waitFor(() => expect(lastList(server)).to.deep.include({ columnToSort: 'form', sortOrder: 'asc' }));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'receivedAt:asc');
    await waitFor(() => expect(lastList(server)).to.deep.include({ columnToSort: 'receivedAt', sortOrder: 'asc' }));
  });

  it('exports as CSV with the filters and the term applied', async () => {
    const { user } = await openScreen();
    const link = () => screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(link()).to.equal('/api/cms/forms/submissions/export');
    await user.selectOptions(screen.getByLabelText('Form'), 'download');
    await user.selectOptions(screen.getByLabelText('Status'), 'new');
    await user.type(screen.getByRole('searchbox'), 'delft');
    await waitFor(() => expect(link()).to.equal('/api/cms/forms/submissions/export?form=download&status=new&searchTerm=delft'));
  });

  it('pages through many submissions', async () => {
    const server = fakeServer({ formsSubmissions: success({ items, totalItems: 80 }) });
    const { user } = renderAdmin('/forms', { server });
    await waitFor(() => expect(rows()).to.have.length(3));
    await user.click(screen.getByRole('button', { name: /^(Page )?2$/ }));
    await waitFor(() => expect(lastList(server)).to.deep.include({ pageIndex: 1 }));
  });

  it('is for manage-forms only: others are told they are not authorised, and see no Forms in the navigation', async () => {
    const server = fakeServer();
    renderAdmin('/forms', { server, signedIn: aUser({ ID: 'user-2', name: 'Ed Itor' }, ['edit-page']) });
    expect(screen.getByText(messageFor('UM_01'))).to.exist;
    expect(server.callsOf('formsSubmissions')).to.have.length(0);
    expect(within(screen.getByRole('navigation', { name: 'Main navigation' })).queryByRole('link', { name: 'Forms' })).to.equal(null);
  });
});
