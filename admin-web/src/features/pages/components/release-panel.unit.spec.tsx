import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import { errorItem, messageFor } from '@pagelog/contracts/error-catalogue';
import type { ReleaseSummary } from '@pagelog/contracts/releases/release';
import { formatDateTime } from '../../../core/format/date-time';
import { fakeServer } from '../../../testing/fake-server';
import { aPage } from '../../../testing/pages';
import { renderInApp } from '../../../testing/render';
import { failure, success } from '../../../testing/replies';
import { aUser } from '../../../testing/users';
import { ReleasePanel } from './release-panel';

const aRelease = (overrides: Partial<ReleaseSummary> = {}): ReleaseSummary => ({
  releaseID: 'r1',
  name: 'Spring campaign',
  status: 'open',
  itemCount: 1,
  menuCount: 0,
  pageIDs: ['p1'],
  scheduledAt: null,
  publishedAt: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
  ...overrides,
});

const inRouter = (node: ReactNode) => (
  <MemoryRouter basename="/cmsadmin" initialEntries={['/cmsadmin/pages/p1']}>
    {node}
  </MemoryRouter>
);

const editor = aUser({ ID: 'u-e', name: 'Ed Itor' }, ['edit-page']);

describe('the editor’s releases panel', () => {
  describe('when releases hold the page', () => {
    const scheduledAt = '2026-04-01T08:00:00.000Z';
    const releases = [
      aRelease({ releaseID: 'r1', name: 'Spring campaign' }),
      aRelease({ releaseID: 'r2', name: 'Price change', status: 'scheduled', scheduledAt, pageIDs: ['p0', 'p1'] }),
      aRelease({ releaseID: 'r3', name: 'Other pages', pageIDs: ['p2'] }),
      aRelease({ releaseID: 'r4', name: 'Last winter', status: 'published', publishedAt: '2026-01-01T08:00:00.000Z' }),
      aRelease({ releaseID: 'r5', name: 'Undone', status: 'rolledBack' }),
    ];

    it('lists the open and scheduled ones, each linked to its screen with its status, and no others', async () => {
      const server = fakeServer({ releaseList: success(releases) });
      renderInApp(inRouter(<ReleasePanel page={aPage({ id: 'p1' })} />), { server });
      const list = await screen.findByRole('list');
      const items = within(list).getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).to.deep.equal(['Spring campaign Open', `Price change Scheduled for ${formatDateTime(scheduledAt)}`]);
      expect(within(list).getByRole('link', { name: 'Spring campaign' }).getAttribute('href')).to.equal('/cmsadmin/releases/r1');
      expect(within(list).getByRole('link', { name: 'Price change' }).getAttribute('href')).to.equal('/cmsadmin/releases/r2');
      expect(screen.getByText(/publishes this page's draft as it is when the release goes live/)).to.exist;
      expect(screen.queryByText('Last winter', { exact: false })).to.equal(null);
      expect(screen.queryByText('Undone', { exact: false })).to.equal(null);
      // Only the open release that does not hold the page yet is offered.
      const options = within(screen.getByLabelText('Add to release')).getAllByRole('option');
      expect(options.map((option) => option.textContent)).to.deep.equal(['Other pages (Open)']);
    });

    it('shows them without the adding part to those who may not publish', async () => {
      const server = fakeServer({ releaseList: success(releases) });
      renderInApp(inRouter(<ReleasePanel page={aPage({ id: 'p1' })} />), { server, signedIn: editor });
      expect(await screen.findByRole('link', { name: 'Spring campaign' })).to.exist;
      expect(screen.getByRole('heading', { name: 'Releases' })).to.exist;
      expect(screen.queryByLabelText('Add to release')).to.equal(null);
      expect(screen.queryByRole('button', { name: 'Add to release' })).to.equal(null);
    });
  });

  describe('when the page is added to a release', () => {
    it('sends the chosen release and the page, and shows it among the page’s releases', async () => {
      const server = fakeServer();
      const before = [aRelease({ releaseID: 'r1', name: 'Spring campaign', pageIDs: ['p2'] }), aRelease({ releaseID: 'r2', name: 'Price change', pageIDs: [] })];
      const after = [before[0]!, { ...before[1]!, pageIDs: ['p1'] }];
      server.answer('releaseList', success(before), success(after));
      server.answer('releaseAddPage', success({ releaseID: 'r2', revision: 3, position: 130 }));
      const { user } = renderInApp(inRouter(<ReleasePanel page={aPage({ id: 'p1' })} />), { server });
      expect(await screen.findByText('This page is in no release.')).to.exist;
      await user.selectOptions(screen.getByLabelText('Add to release'), 'Price change (Open)');
      await user.click(screen.getByRole('button', { name: 'Add to release' }));
      await waitFor(() => expect(server.callsOf('releaseAddPage')).to.have.length(1));
      const call = server.callsOf('releaseAddPage')[0]!;
      expect(call.params).to.deep.equal({ id: 'r2' });
      expect(call.body).to.deep.equal({ pageID: 'p1' });
      await waitFor(() => expect(screen.getByRole('status').textContent).to.equal('Added to “Price change”.'));
      expect(await screen.findByRole('link', { name: 'Price change' })).to.exist;
      expect(server.api.minPosition()).to.be.at.least(130);
    });

    it('says the draft is on the site already when the server finds nothing to release', async () => {
      const server = fakeServer({
        releaseList: success([aRelease({ pageIDs: [] })]),
        releaseAddPage: failure(400, { ...errorItem('V_07', 'pageID', 'release'), message: messageFor('V_07') }),
      });
      const { user } = renderInApp(inRouter(<ReleasePanel page={aPage({ id: 'p1' })} />), { server });
      await user.click(await screen.findByRole('button', { name: 'Add to release' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).to.equal("This page's draft is already on the site: there is nothing for a release to publish."));
      expect(screen.getByRole('status').textContent).to.equal('');
    });

    it('shows any other refusal as the server words it', async () => {
      const server = fakeServer({
        releaseList: success([aRelease({ pageIDs: [] })]),
        releaseAddPage: failure(400, { ...errorItem('V_14', 'items', 'release'), message: 'A release holds at most 100 pages.' }),
      });
      const { user } = renderInApp(inRouter(<ReleasePanel page={aPage({ id: 'p1' })} />), { server });
      await user.click(await screen.findByRole('button', { name: 'Add to release' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).to.equal('A release holds at most 100 pages.'));
    });
  });

  describe('when there is no open release', () => {
    it('says so to a publisher, with a link to the Releases screen to make one', async () => {
      const server = fakeServer({ releaseList: success([aRelease({ status: 'published' })]) });
      renderInApp(inRouter(<ReleasePanel page={aPage({ id: 'p1' })} />), { server });
      expect(await screen.findByText('There are no open releases.', { exact: false })).to.exist;
      expect(screen.getByRole('link', { name: 'Make one on the Releases screen.' }).getAttribute('href')).to.equal('/cmsadmin/releases');
      expect(screen.queryByRole('button', { name: 'Add to release' })).to.equal(null);
    });

    it('renders nothing to those who may not publish', async () => {
      const server = fakeServer({ releaseList: success([aRelease({ status: 'published' }), aRelease({ releaseID: 'r2', pageIDs: ['p2'] })]) });
      renderInApp(inRouter(<ReleasePanel page={aPage({ id: 'p1' })} />), { server, signedIn: editor });
      await waitFor(() => expect(server.callsOf('releaseList')).to.have.length(1));
      // Let the answer arrive and render before looking.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('heading', { name: 'Releases' })).to.equal(null);
    });
  });
});
