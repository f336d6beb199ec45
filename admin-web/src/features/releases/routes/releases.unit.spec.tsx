import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { ReleaseSummary, ReleaseView } from '@pagelog/contracts/releases/release';
import { formatDateTime } from '../../../core/format/date-time';
import { fakeServer } from '../../../testing/fake-server';
import { renderAdmin } from '../../../testing/render';
import { failure, success } from '../../../testing/replies';
import { aUser } from '../../../testing/users';

const CREATED_AT = '2026-11-20T08:00:00.000Z';
const summary = (overrides: Partial<ReleaseSummary>): ReleaseSummary => ({
  releaseID: 'rel-1',
  name: 'Spring campaign',
  status: 'open',
  itemCount: 0,
  menuCount: 0,
  pageIDs: [],
  scheduledAt: null,
  publishedAt: null,
  createdAt: CREATED_AT,
  updatedAt: CREATED_AT,
  ...overrides,
});

const releases: ReleaseSummary[] = [
  summary({ releaseID: 'rel-3', name: 'Winter sale', status: 'scheduled', itemCount: 2, scheduledAt: '2027-01-10T07:00:00.000Z', updatedAt: '2026-12-01T10:15:00.000Z' }),
  summary({ releaseID: 'rel-1', name: 'Spring campaign', status: 'open', itemCount: 3, updatedAt: '2026-11-30T09:00:00.000Z' }),
  summary({ releaseID: 'rel-2', name: 'Annual report', status: 'published', itemCount: 5, publishedAt: '2026-11-25T12:00:00.000Z', updatedAt: '2026-11-25T12:00:00.000Z' }),
  summary({ releaseID: 'rel-4', name: 'Old brand', status: 'rolledBack', itemCount: 1, publishedAt: '2026-10-01T12:00:00.000Z', updatedAt: '2026-10-02T12:00:00.000Z' }),
];

/** A release as GET release/:id answers it, just created. */
const created = (releaseID: string, name: string, description: string): ReleaseView => ({
  releaseID,
  name,
  description,
  status: 'open',
  items: [],
  menus: [],
  schedule: null,
  createdAt: CREATED_AT,
  createdBy: 'user-1',
  publishedAt: null,
  publishedBy: null,
  rolledBackAt: null,
  rolledBackBy: null,
  history: [{ type: 'ReleaseCreated', at: CREATED_AT, by: 'user-1', byName: 'Ada Admin', position: 101 }],
  revision: 1,
});

/** The list's rows as the user reads them: name, status, pages, last change. */
function rows(): string[][] {
  const table = screen.getByRole('table', { name: 'Releases' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''));
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

describe('the releases screen', () => {
  it('lists every release with its status in words, its number of pages and its last change, each linked to its own screen', async () => {
    const server = fakeServer({ releaseList: success(releases) });
    renderAdmin('/releases', { server });
    expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('Releases');
    await screen.findByRole('table', { name: 'Releases' });
    expect(rows()).to.deep.equal([
      ['Winter sale', `Scheduled for ${formatDateTime('2027-01-10T07:00:00.000Z')}`, '2', formatDateTime('2026-12-01T10:15:00.000Z')],
      ['Spring campaign', 'Open', '3', formatDateTime('2026-11-30T09:00:00.000Z')],
      ['Annual report', `Published ${formatDateTime('2026-11-25T12:00:00.000Z')}`, '5', formatDateTime('2026-11-25T12:00:00.000Z')],
      ['Old brand', 'Rolled back', '1', formatDateTime('2026-10-02T12:00:00.000Z')],
    ]);
    expect(formatDateTime('2026-12-01T10:15:00.000Z')).to.match(/2026/);
    expect(screen.getByRole('link', { name: 'Spring campaign' }).getAttribute('href')).to.equal('/cmsadmin/releases/rel-1');
  });

  it('says when there are no releases', async () => {
    renderAdmin('/releases');
    expect(await screen.findByText('There are no releases yet.')).to.exist;
  });

  it('says so when the list could not be read', async () => {
    const consoleError = console.error;
    console.error = () => {};
    try {
      renderAdmin('/releases', { server: fakeServer({ releaseList: failure(500) }) });
      expect((await screen.findByRole('alert')).textContent).to.equal('The releases could not be read. Try again in a moment.');
    } finally {
      console.error = consoleError;
    }
  });

  describe('making a new release', () => {
    it('asks for a name before sending anything', async () => {
      const server = fakeServer();
      const { user } = renderAdmin('/releases', { server });
      await user.click(screen.getByRole('button', { name: 'Create release' }));
      expect((await screen.findByRole('alert')).textContent).to.equal('The Name field is required.');
      expect(field('Name').getAttribute('aria-invalid')).to.equal('true');
      expect(server.callsOf('releaseCreate')).to.deep.equal([]);
    });

    it('creates it with its name and description, and opens it', async () => {
      const server = fakeServer({
        releaseCreate: success({ releaseID: 'rel-9', revision: 1, position: 101 }),
        releaseGet: (call) => (call.params.id === 'rel-9' ? success(created('rel-9', 'Autumn update', 'New team pages')) : failure(404, errorItem('PM_01', 'id', 'release'))),
      });
      const { user, router } = renderAdmin('/releases', { server });
      await user.type(field('Name'), 'Autumn update');
      await user.type(field('Description'), 'New team pages');
      await user.click(screen.getByRole('button', { name: 'Create release' }));

      await waitFor(() => expect(router.state.location.pathname).to.equal('/cmsadmin/releases/rel-9'));
      expect(server.callsOf('releaseCreate').map((call) => call.body)).to.deep.equal([{ name: 'Autumn update', description: 'New team pages' }]);
      await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('Autumn update'));
      expect(server.callsOf('releaseGet').map((call) => call.params)).to.deep.equal([{ id: 'rel-9' }]);
    });

    it("shows the server's refusal and stays on the list", async () => {
      const server = fakeServer({ releaseCreate: failure(403, errorItem('UM_01')) });
      const { user, router } = renderAdmin('/releases', { server });
      await user.type(field('Name'), 'Autumn update');
      await user.click(screen.getByRole('button', { name: 'Create release' }));
      expect((await screen.findByRole('alert')).textContent).to.equal('You are not authorized to do this action.');
      expect(router.state.location.pathname).to.equal('/cmsadmin/releases');
    });

    it('is not offered without publish-page, though the list is shown', async () => {
      renderAdmin('/releases', { server: fakeServer({ releaseList: success(releases) }), signedIn: aUser({ ID: 'user-2' }, ['edit-page']) });
      await screen.findByRole('table', { name: 'Releases' });
      expect(screen.queryByRole('heading', { name: 'New release' })).to.equal(null);
      expect(screen.queryByRole('button', { name: 'Create release' })).to.equal(null);
    });
  });
});
