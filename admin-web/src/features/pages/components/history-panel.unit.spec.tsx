import { MemoryRouter } from 'react-router-dom';
import { expect } from 'chai';
import { screen, within } from '@testing-library/react';
import { success } from '../../../testing/replies';
import { fakeServer } from '../../../testing/fake-server';
import { renderInApp } from '../../../testing/render';
import { aUser } from '../../../testing/users';
import { HistoryPanel } from './history-panel';

describe('the history panel', () => {
  it("offers an auditor the page's history as a JSON download", () => {
    renderInApp(
      <MemoryRouter basename="/cmsadmin" initialEntries={['/cmsadmin/pages/page%201']}>
        <HistoryPanel pageId="page 1" />
      </MemoryRouter>,
      { server: fakeServer(), signedIn: aUser({ ID: 'u-a', name: 'Aad Auditor' }, ['view-audit']) },
    );
    const link = screen.getByRole('link', { name: 'Export the history for auditors (JSON, with the hash chain)' });
    expect(link.getAttribute('href')).to.equal('/api/cms/page/page%201/history/export');
    expect(link.hasAttribute('download')).to.equal(true);
    // And the site-wide audit log, filtered to this page.
    expect(screen.getByRole('link', { name: 'Open in the audit log' }).getAttribute('href')).to.equal('/cmsadmin/audit-log?subject=page%201');
  });

  it('offers it to nobody without view-audit', () => {
    renderInApp(
      <MemoryRouter>
        <HistoryPanel pageId="p1" />
      </MemoryRouter>,
      { server: fakeServer(), signedIn: aUser({ ID: 'u-e', name: 'Ed Itor' }, ['edit-page']) },
    );
    expect(screen.queryByRole('link', { name: /Export the history/ })).to.equal(null);
    expect(screen.queryByRole('link', { name: 'Open in the audit log' })).to.equal(null);
  });

  it('opens the replay at once when the address asks for it (?replay=<position>), and forgets it once closed', async () => {
    const steps = [{ position: 5, revision: 1, type: 'PageCreated', occurredAt: '2026-12-01T10:00:00.000Z', actorName: 'Ada', summary: 'created the page', text: '' }];
    const server = fakeServer({ pageReplay: success(steps), pageReplayState: success({ step: steps[0], slug: 'over-ons', draft: null, live: null }) });
    const { user } = renderInApp(
      <MemoryRouter basename="/cmsadmin" initialEntries={['/cmsadmin/pages/p1?replay=5']}>
        <HistoryPanel pageId="p1" />
      </MemoryRouter>,
      { server, signedIn: aUser({}, ['edit-page']) },
    );
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/Step 1 of 1: Ada created the page/);
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.queryByRole('dialog')).to.equal(null);
  });
});
