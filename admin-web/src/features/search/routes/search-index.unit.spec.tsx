import { expect } from 'chai';
import { install, type Clock } from '@sinonjs/fake-timers';
import { act, screen, waitFor, within } from '@testing-library/react';
import { errorItem, messageFor } from '@pagelog/contracts/error-catalogue';
import type { SearchIndexStatus } from '@pagelog/contracts/search/search';
import { fakeServer } from '../../../testing/fake-server';
import { renderAdmin } from '../../../testing/render';
import { failure, success } from '../../../testing/replies';
import { aUser } from '../../../testing/users';

function aStatus(overrides: Partial<SearchIndexStatus> = {}): SearchIndexStatus {
  return {
    indexingState: 'idle',
    removalState: 'idle',
    progress: null,
    error: null,
    documents: 1234,
    lastIndexedAt: '2025-03-12T12:00:00.000Z',
    lastRemovedAt: null,
    position: 500,
    headPosition: 500,
    engine: 'sqlite',
    ...overrides,
  };
}

const indexingAt = (done: number, total: number, secondsLeft: number | null) =>
  aStatus({ indexingState: 'loading', progress: { done, total, startedAt: '2025-03-12T13:00:00.000Z', secondsLeft } });

/**
 * The screen over a server whose search/status answers whatever `status.now` is when asked.
 * Only the intervals are fake, so the polling moves when the spec lets a second pass.
 */
async function openScreen(first: SearchIndexStatus = aStatus(), signedIn = aUser()) {
  const status = { now: first };
  const server = fakeServer({ searchStatus: () => success(status.now), searchIndexAllPages: success({ requestId: 'job-1', position: 101 }), searchRemoveAllPages: success({ requestId: 'job-2', position: 101 }) });
  clock = install({ toFake: ['setInterval', 'clearInterval'] });
  const view = renderAdmin('/search', { server, signedIn });
  if (signedIn.role?.permissions.some((p) => p.name === 'manage-search')) await screen.findByRole('button', { name: 'Index all pages' });
  return { ...view, server, status };
}

let clock: Clock | undefined;

/** Lets a second pass for the polling, and the reply it asks for come in. */
async function aSecondPasses() {
  await act(async () => void (await clock!.tickAsync(1000)));
}

/** The facts list as term → description. */
function facts(): Record<string, string | undefined> {
  const list = screen.getByLabelText('About the index');
  const terms = [...list.querySelectorAll('dt')];
  return Object.fromEntries(terms.map((term) => [term.textContent, term.nextElementSibling?.textContent ?? undefined]));
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const statusReads = (server: ReturnType<typeof fakeServer>) => server.callsOf('searchStatus').length;

describe('the search index screen', () => {
  const consoleError = console.error;
  beforeEach(() => {
    console.error = () => {};
  });
  afterEach(() => {
    clock?.uninstall();
    clock = undefined;
    console.error = consoleError;
  });

  describe('when no job runs', () => {
    it('shows the engine, the pages in the index, that it is up to date and when it was last rebuilt', async () => {
      await openScreen();
      expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('Search index');
      expect(facts()).to.deep.equal({
        Engine: 'SQLite full-text search (FTS5)',
        'Pages in the public index': '1,234 pages',
        'Changes taken in': 'Up to date',
        'Last reindex': '12 Mar 2025, ' + new Date('2025-03-12T12:00:00.000Z').toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' }),
        'Last removal': 'Never',
      });
    });

    it('offers both jobs, shows no progress bar and reads the status only once', async () => {
      const { server } = await openScreen();
      expect(button('Index all pages').disabled).to.equal(false);
      expect(button('Remove all pages').disabled).to.equal(false);
      expect(screen.queryByRole('progressbar')).to.equal(null);
      await aSecondPasses();
      await aSecondPasses();
      expect(statusReads(server)).to.equal(1);
    });

    it('says how many events the index is behind the log', async () => {
      await openScreen(aStatus({ position: 480, headPosition: 1_512, documents: 1, engine: 'postgres' }));
      expect(facts()).to.include({ Engine: 'PostgreSQL full-text search', 'Pages in the public index': '1 page', 'Changes taken in': '1,032 events behind' });
    });
  });

  describe('when Index all pages is pressed', () => {
    it('asks for the reindex once and shows it as under way at once, both jobs refused meanwhile', async () => {
      const { server, user } = await openScreen();
      await user.click(button('Index all pages'));
      expect(server.callsOf('searchIndexAllPages')).to.have.length(1);
      expect(server.callsOf('searchRemoveAllPages')).to.have.length(0);
      expect(screen.getByText('Indexing…')).to.exist;
      expect(button('Index all pages').disabled).to.equal(true);
      expect(button('Remove all pages').disabled).to.equal(true);
    });

    it('reads the status every second and moves the bar with pages done, total and time left, until the status says success', async () => {
      const { server, status, user } = await openScreen();
      await user.click(button('Index all pages'));
      status.now = indexingAt(1_234, 10_000, 125);
      await aSecondPasses();
      const bar = await screen.findByRole('progressbar', { name: 'Indexing progress' });
      expect(bar).to.include({ value: 1_234, max: 10_000 });
      expect(screen.getByText('1,234 of 10,000 pages')).to.exist;
      expect(screen.getByText('about 2 minutes left')).to.exist;
      expect(screen.getByText('Indexing…')).to.exist;

      status.now = indexingAt(9_990, 10_000, 1);
      const before = statusReads(server);
      await aSecondPasses();
      expect(statusReads(server)).to.equal(before + 1);
      await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Indexing progress' })).to.include({ value: 9_990 }));
      expect(screen.getByText('less than a minute left')).to.exist;
      expect(button('Index all pages').disabled).to.equal(true);

      status.now = aStatus({ indexingState: 'success', documents: 10_000, lastIndexedAt: '2025-03-12T13:05:00.000Z' });
      await aSecondPasses();
      expect(await screen.findByText('Indexed all pages')).to.exist;
      expect(screen.queryByRole('progressbar')).to.equal(null);
      expect(facts()['Pages in the public index']).to.equal('10,000 pages');
      expect(button('Index all pages').disabled).to.equal(false);
      expect(button('Remove all pages').disabled).to.equal(false);

      // Nothing runs any more: the reading stops.
      const done = statusReads(server);
      for (let second = 0; second < 5; second++) await aSecondPasses();
      expect(statusReads(server)).to.equal(done);
    });

    it('keeps showing it under way while the status still says what it said before the job started', async () => {
      const { status, user } = await openScreen(aStatus({ indexingState: 'success' }));
      await user.click(button('Index all pages'));
      await aSecondPasses();
      expect(screen.getByText('Indexing…')).to.exist;
      expect(screen.queryByText('Indexed all pages')).to.equal(null);
      status.now = indexingAt(10, 100, null);
      await aSecondPasses();
      expect(await screen.findByText('working out the time left')).to.exist;
    });

    it('shows the catalogue message of a refusal and offers the jobs again', async () => {
      const { server, user } = await openScreen();
      server.answer('searchIndexAllPages', failure(409, errorItem('V_07')));
      await user.click(button('Index all pages'));
      expect(within(await screen.findByRole('alert')).getByText(messageFor('V_07'))).to.exist;
      expect(screen.queryByText('Indexing…')).to.equal(null);
      expect(button('Index all pages').disabled).to.equal(false);
    });
  });

  describe('when opened while a reindex runs', () => {
    it('shows the bar and follows it until the screen is left', async () => {
      const { server, unmount } = await openScreen(indexingAt(0, 400, 3_600 * 2));
      expect(screen.getByRole('progressbar', { name: 'Indexing progress' })).to.include({ value: 0, max: 400 });
      expect(screen.getByText('about 2 hours left')).to.exist;
      await aSecondPasses();
      expect(statusReads(server)).to.equal(2);
      unmount();
      for (let second = 0; second < 5; second++) await aSecondPasses();
      expect(statusReads(server)).to.equal(2);
    });
  });

  describe('when Remove all pages is pressed', () => {
    it('asks first, saying the public search will find nothing, and sends nothing when cancelled', async () => {
      const { server, user } = await openScreen();
      await user.click(button('Remove all pages'));
      const dialog = screen.getByRole('dialog', { name: 'Remove all pages from the search index?' });
      expect(within(dialog).getByText(/The public search will find nothing until pages are indexed again\./)).to.exist;
      expect(server.callsOf('searchRemoveAllPages')).to.have.length(0);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).to.equal(null);
      expect(server.callsOf('searchRemoveAllPages')).to.have.length(0);
    });

    it('empties the index once confirmed, and says so when the status does', async () => {
      const { server, status, user } = await openScreen();
      await user.click(button('Remove all pages'));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove all pages' }));
      expect(server.callsOf('searchRemoveAllPages')).to.have.length(1);
      expect(server.callsOf('searchIndexAllPages')).to.have.length(0);
      expect(screen.getByText('Removing…')).to.exist;
      expect(button('Index all pages').disabled).to.equal(true);
      status.now = aStatus({ removalState: 'success', documents: 0, lastRemovedAt: '2025-03-12T13:10:00.000Z' });
      await aSecondPasses();
      expect(await screen.findByText('Removed all pages')).to.exist;
      expect(facts()['Pages in the public index']).to.equal('0 pages');
      expect(facts()['Last removal']).to.not.equal('Never');
    });
  });

  describe('when the last job failed', () => {
    it('says why, and offers the jobs again', async () => {
      await openScreen(aStatus({ indexingState: 'error', error: 'The search engine did not answer.' }));
      expect(screen.getByText('Indexing failed: The search engine did not answer.')).to.exist;
      expect(button('Index all pages').disabled).to.equal(false);
    });
  });

  it('says so when the status cannot be read', async () => {
    const server = fakeServer({ searchStatus: failure(503) });
    renderAdmin('/search', { server });
    expect(await screen.findByText('The state of the search index could not be loaded. Reload the page to try again.')).to.exist;
    expect(screen.queryByRole('button', { name: 'Index all pages' })).to.equal(null);
  });

  describe('for a user whose role lacks manage-search', () => {
    const editor = aUser({ ID: 'user-2', name: 'Ed Itor' }, ['edit-page', 'manage-settings']);

    it('says they are not authorised, offers no job and reads nothing', async () => {
      const { server } = await openScreen(aStatus(), editor);
      expect(screen.getByText(messageFor('UM_01'))).to.exist;
      expect(screen.queryByRole('button', { name: 'Index all pages' })).to.equal(null);
      expect(statusReads(server)).to.equal(0);
    });

    it('has no Search index entry in the navigation', async () => {
      await openScreen(aStatus(), editor);
      const nav = screen.getByRole('navigation', { name: 'Main navigation' });
      expect(within(nav).queryByRole('link', { name: 'Search index' })).to.equal(null);
      expect(within(nav).getByRole('link', { name: 'Site settings' })).to.exist;
    });
  });

  it('is in the navigation of an administrator, highlighted on the screen', async () => {
    await openScreen();
    const link = within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Search index' });
    expect(link.getAttribute('href')).to.equal('/cmsadmin/search');
    expect(link.getAttribute('aria-current')).to.equal('page');
  });
});
