import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import type { EndpointName } from '@pagelog/contracts/endpoints';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { PageListItem, PublicationStatus } from '@pagelog/contracts/pages/page';
import type { ReleaseHistoryEntry, ReleaseItemView, ReleaseView } from '@pagelog/contracts/releases/release';
import type { TimeTravelLink } from '@pagelog/contracts/time-travel/time-travel';
import { formatDateTime } from '../../../core/format/date-time';
import { fakeServer, type Answer, type ServerCall } from '../../../testing/fake-server';
import { renderAdmin } from '../../../testing/render';
import { failure, success } from '../../../testing/replies';
import { aUser } from '../../../testing/users';

const CREATED_AT = '2026-11-20T08:00:00.000Z';
const PUBLISHED_AT = '2026-12-01T09:00:00.000Z';
const EXPIRES_AT = '2026-12-05T09:00:00.000Z';

const anItem = (pageID: string, title: string, slug: string, status: ReleaseItemView['status'], locale = 'en-gb'): ReleaseItemView => ({ pageID, versionID: `${pageID}-v2`, title, locale, slug, status });

const history: ReleaseHistoryEntry[] = [
  { type: 'ReleaseCreated', at: CREATED_AT, by: 'user-1', byName: 'Ada Admin', position: 40 },
  { type: 'ReleasePageAdded', at: '2026-11-20T08:05:00.000Z', by: 'user-2', byName: 'Ed Itor', position: 41 },
  { type: 'ReleaseScheduleFailed', at: '2026-11-21T07:00:00.000Z', by: 'system', position: 42 },
];

function aRelease(overrides: Partial<ReleaseView> = {}): ReleaseView {
  return {
    releaseID: 'rel-1',
    name: 'Spring campaign',
    description: 'The new services, all at once',
    status: 'open',
    items: [anItem('page-1', 'About us', 'about-us', 'ready'), anItem('page-2', 'Contact', 'contact', 'changed'), anItem('page-3', 'Old offer', 'old-offer', 'gone', 'nl-nl')],
    menus: [],
    schedule: null,
    createdAt: CREATED_AT,
    createdBy: 'user-1',
    publishedAt: null,
    publishedBy: null,
    rolledBackAt: null,
    rolledBackBy: null,
    history,
    revision: 7,
    ...overrides,
  };
}

function aPage(id: string, title: string, status: PublicationStatus): PageListItem {
  const slug = title.toLowerCase().replace(/\s+/g, '-');
  return {
    id,
    title,
    slug,
    path: `/en-gb/${slug}`,
    locale: 'en-gb',
    type: 'base',
    status,
    hasPublicationRequest: false,
    translationGroupId: id,
    draftVersionID: `${id}-v2`,
    publishedVersionID: status === 'concept' ? null : `${id}-v1`,
    createdAt: CREATED_AT,
    createdBy: 'user-1',
    authorName: 'Ada Admin',
    updatedAt: CREATED_AT,
    updatedBy: 'user-1',
    updatedByName: 'Ada Admin',
  };
}

const sitePages = [aPage('page-1', 'About us', 'unpublished-changes'), aPage('page-4', 'Careers', 'concept'), aPage('page-5', 'Cookie policy', 'published')];

/**
 * The API over one release kept as the server would: the reads answer it as it is now and the
 * commands change it, each answering the position the fake server gives its reply, as the
 * command service does.
 */
function releaseServer(initial: ReleaseView, answers: Partial<Record<EndpointName, Answer>> = {}) {
  let release = initial;
  let deleted = false;
  // The fake server's position, moved on by each successful command (fake-server.ts).
  let position = 100;
  const committed = (change: Partial<ReleaseView>) => {
    release = { ...release, ...change, revision: release.revision + 1 };
    return success({ releaseID: release.releaseID, revision: release.revision, position: ++position });
  };
  const body = (call: ServerCall) => call.body as Record<string, string>;
  const server = fakeServer({
    releaseGet: (call) => (call.params.id === release.releaseID && !deleted ? success(release) : failure(404, errorItem('PM_01', 'id', 'release'))),
    pageList: (call) => {
      const term = body(call).searchTerm!.toLowerCase();
      const items = sitePages.filter((page) => page.title.toLowerCase().includes(term));
      return success({ items, totalItems: items.length });
    },
    releaseUpdate: (call) => committed({ name: body(call).name, description: body(call).description }),
    releaseAddPage: (call) => {
      const page = sitePages.find((candidate) => candidate.id === body(call).pageID)!;
      const rest = release.items.filter((item) => item.pageID !== page.id);
      return committed({ items: [...rest, anItem(page.id, page.title, page.slug, 'ready')] });
    },
    releaseRemovePage: (call) => committed({ items: release.items.filter((item) => item.pageID !== body(call).pageID) }),
    releaseAddMenu: (call) => {
      const { locale, kind } = body(call) as { locale: string; kind: 'main' | 'footer' | 'service' };
      const rest = release.menus.filter((menu) => menu.locale !== locale || menu.kind !== kind);
      return committed({ menus: [...rest, { locale, kind, version: 4, status: 'ready' }] });
    },
    releaseRemoveMenu: (call) => committed({ menus: release.menus.filter((menu) => menu.locale !== body(call).locale || menu.kind !== body(call).kind) }),
    releaseSchedule: (call) =>
      committed({ status: 'scheduled', schedule: { at: body(call).at!, scheduledBy: 'user-1', scheduledByName: 'Ada Admin', attempts: 0, lastError: null, retryAt: null } }),
    releaseScheduleCancel: () => committed({ status: 'open', schedule: null }),
    releasePublish: () => committed({ status: 'published', publishedAt: PUBLISHED_AT, publishedBy: 'user-1', items: release.items.map((item) => ({ ...item, status: 'live' })) }),
    releaseRollback: () => committed({ status: 'rolledBack', rolledBackAt: '2026-12-02T10:00:00.000Z', rolledBackBy: 'user-1' }),
    releaseDelete: () => {
      const reply = committed({});
      deleted = true;
      return reply;
    },
    releaseList: () => success([]),
    timeTravelLink: (call) => success<TimeTravelLink>({ url: '/_asof/rel.tok-1', kind: 'release', position: 120, releaseId: body(call).releaseId, expiresAt: EXPIRES_AT }),
    releasePreviewLink: (call) => success<TimeTravelLink>({ url: '/_asof/rel.tok-1', kind: 'release', position: 120, releaseId: call.params.id, expiresAt: EXPIRES_AT }),
    ...answers,
  });
  return server;
}

async function openRelease(release = aRelease(), { answers = {}, signedIn = aUser() }: { answers?: Partial<Record<EndpointName, Answer>>; signedIn?: ReturnType<typeof aUser> } = {}) {
  const server = releaseServer(release, answers);
  const view = renderAdmin(`/releases/${release.releaseID}`, { server, signedIn });
  await screen.findByRole('heading', { level: 1, name: release.name });
  return { ...view, server };
}

/** The pages of the release as the user reads them: page, locale/slug, status (also behind a dialog). */
function itemRows(): string[][] {
  const table = screen.getByRole('table', { name: 'Pages in this release', hidden: true });
  return within(table)
    .getAllByRole('row', { hidden: true })
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].slice(0, 3).map((cell) => cell.textContent ?? ''));
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const statusLine = () => document.querySelector('.release__status')?.textContent;
const notice = async (text: string) => waitFor(() => expect(screen.getAllByRole('status').map((element) => element.textContent)).to.include(text));

describe('a release', () => {
  let opened: unknown[][];
  let realOpen: typeof window.open;
  beforeEach(() => {
    opened = [];
    realOpen = window.open;
    window.open = ((...args: unknown[]) => {
      opened.push(args);
      return null;
    }) as typeof window.open;
  });
  afterEach(() => {
    window.open = realOpen;
  });

  describe('while it is open', () => {
    it('shows its name, status and description, and each page with where it goes and where it stands, linked to its editor', async () => {
      await openRelease();
      expect(statusLine()).to.equal('Open');
      expect(field('Name').value).to.equal('Spring campaign');
      expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).to.equal('The new services, all at once');
      expect(itemRows()).to.deep.equal([
        ['About us', 'en-gb/about-us', 'Ready'],
        ['Contact', 'en-gb/contact', 'Changed since it was added: add it again to take the new draft'],
        ['Old offer', 'nl-nl/old-offer', 'Deleted'],
      ]);
      expect(screen.getByRole('link', { name: 'About us' }).getAttribute('href')).to.equal('/cmsadmin/pages/page-1');
      expect(screen.getByRole('link', { name: 'Contact' }).getAttribute('href')).to.equal('/cmsadmin/pages/page-2');
      // A deleted page has no editor to go to.
      expect(screen.queryByRole('link', { name: 'Old offer' })).to.equal(null);
    });

    it('shows a live item as Live', async () => {
      await openRelease(aRelease({ items: [anItem('page-1', 'About us', 'about-us', 'live')] }));
      expect(itemRows()).to.deep.equal([['About us', 'en-gb/about-us', 'Live']]);
    });

    it('lists its history newest first, each event in words, with when and by whom', async () => {
      await openRelease();
      const list = screen.getByRole('list', { name: 'History' });
      expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).to.deep.equal([
        `Scheduled publication failed ${formatDateTime('2026-11-21T07:00:00.000Z')} by system`,
        `Page added ${formatDateTime('2026-11-20T08:05:00.000Z')} by Ed Itor`,
        `Created ${formatDateTime(CREATED_AT)} by Ada Admin`,
      ]);
    });

    it('saves a new name and description with the revision it showed', async () => {
      const { user, server } = await openRelease();
      await user.clear(field('Name'));
      await user.type(field('Name'), 'Spring launch');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await notice('The name and description are saved.');
      expect(server.callsOf('releaseUpdate').map((call) => [call.params, call.body])).to.deep.equal([[{ id: 'rel-1' }, { name: 'Spring launch', description: 'The new services, all at once', revision: 7 }]]);
      await screen.findByRole('heading', { level: 1, name: 'Spring launch' });
    });

    it('refuses an empty name before sending anything', async () => {
      const { user, server } = await openRelease();
      await user.clear(field('Name'));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect((await screen.findByRole('alert')).textContent).to.equal('The Name field is required.');
      expect(server.callsOf('releaseUpdate')).to.deep.equal([]);
    });

    it('says when the release changed meanwhile (a stale revision), and reads it again', async () => {
      const { user, server } = await openRelease(aRelease(), { answers: { releaseUpdate: failure(409, errorItem('V_07', 'revision', 'release')) } });
      const reads = server.callsOf('releaseGet').length;
      await user.type(field('Name'), '!');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect((await screen.findByRole('alert')).textContent).to.equal('The release changed meanwhile, by someone else or in another tab: it is shown as it is now. Check it and try again.');
      await waitFor(() => expect(server.callsOf('releaseGet').length).to.be.greaterThan(reads));
    });
  });

  describe('its pages', () => {
    it('finds pages by title, marks those that cannot be added, and adds one', async () => {
      const { user, server } = await openRelease();
      await user.type(screen.getByRole('searchbox', { name: 'Search pages by title' }), 'c');
      const results = await screen.findByRole('list', { name: 'Pages found' });
      expect(server.callsOf('pageList').map((call) => call.body)).to.deep.equal([{ searchTerm: 'c', pageIndex: 0, pageSize: 10, columnToSort: 'title', sortOrder: 'asc' }]);
      expect(within(results).getAllByRole('listitem').map((item) => item.textContent)).to.deep.equal([
        'Careers /en-gb/careers Concept Add',
        'Cookie policy /en-gb/cookie-policy Published Its draft is on the site already',
      ]);

      await user.click(screen.getByRole('button', { name: 'Add Careers' }));
      await notice('Careers was added to the release.');
      expect(server.callsOf('releaseAddPage').map((call) => [call.params, call.body])).to.deep.equal([[{ id: 'rel-1' }, { pageID: 'page-4' }]]);
      await waitFor(() => expect(itemRows().map((row) => row[0])).to.deep.equal(['About us', 'Contact', 'Old offer', 'Careers']));
      expect(within(results).getAllByRole('listitem')[0]!.textContent).to.equal('Careers /en-gb/careers Concept In this release');
    });

    it('names a page that is in the release already', async () => {
      const { user } = await openRelease();
      await user.type(screen.getByRole('searchbox', { name: 'Search pages by title' }), 'about');
      const results = await screen.findByRole('list', { name: 'Pages found' });
      expect(within(results).getByRole('listitem').textContent).to.equal('About us /en-gb/about-us Unpublished changes In this release');
      expect(within(results).queryByRole('button')).to.equal(null);
    });

    it("shows a refused addition in the add area, in the screen's words", async () => {
      const { user } = await openRelease(aRelease(), { answers: { releaseAddPage: failure(400, errorItem('V_07', 'pageID', 'release')) } });
      await user.type(screen.getByRole('searchbox', { name: 'Search pages by title' }), 'careers');
      await user.click(await screen.findByRole('button', { name: 'Add Careers' }));
      const area = screen.getByRole('region', { name: 'Add a page' });
      expect((await within(area).findByRole('alert')).textContent).to.equal("This page's draft is on the site already: there is nothing to release.");
    });

    it('removes a page', async () => {
      const { user, server } = await openRelease();
      await user.click(screen.getByRole('button', { name: 'Remove About us from the release' }));
      await notice('About us was removed from the release.');
      expect(server.callsOf('releaseRemovePage').map((call) => [call.params, call.body])).to.deep.equal([[{ id: 'rel-1' }, { pageID: 'page-1' }]]);
      await waitFor(() => expect(itemRows().map((row) => row[0])).to.deep.equal(['Contact', 'Old offer']));
    });

    it('takes the new draft of a changed page when it is added again', async () => {
      const { user, server } = await openRelease(aRelease(), {
        answers: { releaseAddPage: success({ releaseID: 'rel-1', revision: 8, position: 101 }) },
      });
      expect(screen.queryByRole('button', { name: 'Add the new draft of About us' })).to.equal(null);
      await user.click(screen.getByRole('button', { name: 'Add the new draft of Contact' }));
      await notice('The release now holds the new draft of Contact.');
      expect(server.callsOf('releaseAddPage').map((call) => call.body)).to.deep.equal([{ pageID: 'page-2' }]);
    });
  });

  describe('its menus', () => {
    const menuRows = () =>
      within(screen.getByRole('table', { name: 'Menu changes in this release', hidden: true }))
        .getAllByRole('row', { hidden: true })
        .slice(1)
        .map((row) => [...row.querySelectorAll('td')].slice(0, 3).map((cell) => cell.textContent ?? ''));

    it("adds a menu's draft by language and kind, and removes it again", async () => {
      const { user, server } = await openRelease();
      const area = screen.getByRole('region', { name: 'Menus' });
      expect(within(area).getByText("No menu changes: add a menu whose draft goes live with this release's pages.")).to.not.equal(null);
      await within(area).findByRole('option', { name: 'en-gb' });
      await user.selectOptions(within(area).getByLabelText('Language'), 'en-gb');
      await user.selectOptions(within(area).getByLabelText('Menu'), 'footer');
      await user.click(within(area).getByRole('button', { name: 'Add menu' }));
      await notice('The Footer menu (en-gb) was added to the release.');
      expect(server.callsOf('releaseAddMenu').map((call) => [call.params, call.body])).to.deep.equal([[{ id: 'rel-1' }, { locale: 'en-gb', kind: 'footer' }]]);
      await waitFor(() => expect(menuRows()).to.deep.equal([['Footer menu (en-gb)', 'Draft 4', 'Ready']]));

      await user.click(screen.getByRole('button', { name: 'Remove the Footer menu (en-gb) from the release' }));
      await notice('The Footer menu (en-gb) was removed from the release.');
      expect(server.callsOf('releaseRemoveMenu').map((call) => call.body)).to.deep.equal([{ locale: 'en-gb', kind: 'footer' }]);
    });

    it('takes the new draft of a changed menu when it is added again, and says why a menu cannot be added', async () => {
      const { user, server } = await openRelease(aRelease({ menus: [{ locale: 'nl-nl', kind: 'main', version: 2, status: 'changed' }] }), {
        answers: { releaseAddMenu: failure(400, errorItem('MN_07', 'kind', 'release')) },
      });
      expect(menuRows()).to.deep.equal([['Main menu (nl-nl)', 'Draft 2', 'Changed since it was added: add it again to take the new draft']]);
      await user.click(screen.getByRole('button', { name: 'Add the new draft of the Main menu (nl-nl)' }));
      expect(server.callsOf('releaseAddMenu').map((call) => call.body)).to.deep.equal([{ locale: 'nl-nl', kind: 'main' }]);
      expect((await within(screen.getByRole('region', { name: 'Menus' })).findByRole('alert')).textContent).to.equal('This menu was never saved: save its draft in Menu structure first.');
    });

    it('marks the menu a refused publication names, and says nothing was published', async () => {
      const { user } = await openRelease(aRelease({ items: [anItem('page-1', 'About us', 'about-us', 'ready')], menus: [{ locale: 'nl-nl', kind: 'main', version: 2, status: 'ready' }] }), {
        answers: { releasePublish: failure(400, errorItem('V_07', 'menus[0].kind', 'release')) },
      });
      await user.click(screen.getByRole('button', { name: 'Publish now' }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog.textContent).to.include('Its 1 menu change goes live with it, at the same moment.');
      await user.click(within(dialog).getByRole('button', { name: 'Publish now' }));
      const alerts = await screen.findAllByRole('alert');
      expect(alerts.map((a) => a.textContent).join(' ')).to.include('Nothing was published: 1 page is not ready to go live.').and.include('The Main menu (nl-nl) is not ready to go live');
      expect(menuRows()[0]![2]).to.equal('Ready Not ready to go live');
    });

    it('shows the menus without changing them to someone without manage-menu, and a published release with what each replaced', async () => {
      await openRelease(aRelease({ menus: [{ locale: 'nl-nl', kind: 'main', version: 2, status: 'ready' }] }), { signedIn: aUser({}, ['publish-page']) });
      expect(menuRows()).to.deep.equal([['Main menu (nl-nl)', 'Draft 2', 'Ready']]);
      expect(screen.queryByRole('button', { name: 'Add menu' })).to.equal(null);
      expect(screen.queryByRole('button', { name: /Remove the Main menu/ })).to.equal(null);
      expect(screen.getByText('Changing the menus of a release needs the manage-menu permission.')).to.not.equal(null);
    });

    it('shows a published menu change with the version it replaced, and none for a release without menus', async () => {
      const published = aRelease({ status: 'published', publishedAt: PUBLISHED_AT, publishedBy: 'user-1', menus: [{ locale: 'nl-nl', kind: 'footer', version: 3, status: 'live', previousVersion: 1 }] });
      const { unmount } = await openRelease(published);
      expect(menuRows()).to.deep.equal([['Footer menu (nl-nl)', 'Draft 3 (replaced version 1)', 'Live']]);
      unmount();
      await openRelease(aRelease({ status: 'published', publishedAt: PUBLISHED_AT, publishedBy: 'user-1' }));
      expect(screen.queryByRole('region', { name: 'Menus' })).to.equal(null);
    });
  });

  describe('scheduling', () => {
    it('sends the moment typed in the browser’s time zone as ISO, then says when and by whom, and cancels it', async () => {
      const { user, server } = await openRelease();
      await user.type(field('Publish at'), '2027-03-01T09:30');
      await user.click(screen.getByRole('button', { name: 'Schedule' }));
      const at = new Date('2027-03-01T09:30').toISOString();
      await notice(`The release is scheduled for ${formatDateTime(at)}.`);
      expect(server.callsOf('releaseSchedule').map((call) => [call.params, call.body])).to.deep.equal([[{ id: 'rel-1' }, { at, revision: 7 }]]);
      expect(await screen.findByText(`Scheduled for ${formatDateTime(at)} by Ada Admin`)).to.exist;
      expect(statusLine()).to.equal(`Scheduled for ${formatDateTime(at)}`);
      expect(screen.queryByLabelText('Publish at')).to.equal(null);

      await user.click(screen.getByRole('button', { name: 'Cancel schedule' }));
      await notice('The schedule is cancelled: the release is open again.');
      expect(server.callsOf('releaseScheduleCancel').map((call) => call.body)).to.deep.equal([{ revision: 8 }]);
      await waitFor(() => expect(statusLine()).to.equal('Open'));
      expect(field('Publish at')).to.exist;
    });

    it('asks for a moment before sending anything, and shows a refused one beside the field', async () => {
      const { user, server } = await openRelease(aRelease(), { answers: { releaseSchedule: failure(400, errorItem('V_12', 'at', 'release')) } });
      await user.click(screen.getByRole('button', { name: 'Schedule' }));
      expect((await screen.findByRole('alert')).textContent).to.equal('Choose the date and time to publish the release at.');
      expect(server.callsOf('releaseSchedule')).to.deep.equal([]);

      await user.type(field('Publish at'), '2020-03-01T09:30');
      await user.click(screen.getByRole('button', { name: 'Schedule' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).to.equal('Choose a date and time in the future.'));
      expect(field('Publish at').getAttribute('aria-invalid')).to.equal('true');
      expect(server.callsOf('releaseSchedule')).to.have.length(1);
    });

    it('shows a failed scheduled attempt with its error and when it is tried again', async () => {
      const at = '2026-12-03T07:00:00.000Z';
      const retryAt = '2026-12-03T07:05:00.000Z';
      await openRelease(
        aRelease({
          status: 'scheduled',
          schedule: { at, scheduledBy: 'user-2', scheduledByName: 'Ed Itor', attempts: 1, lastError: { code: 'V_07', message: 'A page is not ready.' }, retryAt },
        }),
      );
      expect(screen.getByText(`Scheduled for ${formatDateTime(at)} by Ed Itor`)).to.exist;
      expect(screen.getByText(`The scheduled publication failed (A page is not ready.). It is tried again at ${formatDateTime(retryAt)}.`)).to.exist;
    });

    it('cannot be scheduled, nor published, without pages', async () => {
      await openRelease(aRelease({ items: [] }));
      expect(screen.getByText('No pages yet: add the pages whose drafts go live with this release.')).to.exist;
      expect(screen.getByRole('button', { name: 'Schedule' })).to.have.property('disabled', true);
      expect(screen.getByRole('button', { name: 'Publish now' })).to.have.property('disabled', true);
    });
  });

  describe('publishing', () => {
    it('asks first, naming how many pages go live at once, and publishes nothing when cancelled', async () => {
      const { user, server } = await openRelease();
      await user.click(screen.getByRole('button', { name: 'Publish now' }));
      const dialog = screen.getByRole('dialog', { name: 'Publish “Spring campaign” now?' });
      expect(within(dialog).getByText('Its 3 pages go live at once: visitors see them all from the same moment.')).to.exist;
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).to.equal(null);
      expect(server.callsOf('releasePublish')).to.deep.equal([]);
    });

    it('publishes with the revision it showed, then shows it published, read-only', async () => {
      const { user, server } = await openRelease();
      await user.click(screen.getByRole('button', { name: 'Publish now' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Publish now' }));
      await notice('Published: 3 pages went live at once.');
      expect(server.callsOf('releasePublish').map((call) => [call.params, call.body])).to.deep.equal([[{ id: 'rel-1' }, { revision: 7 }]]);
      await waitFor(() => expect(statusLine()).to.equal(`Published ${formatDateTime(PUBLISHED_AT)}`));
      expect(itemRows().map((row) => row[2])).to.deep.equal(['Live', 'Live', 'Live']);
      for (const name of ['Save', 'Publish now', 'Delete', 'Schedule', 'Remove About us from the release', 'Preview in time travel']) {
        expect(screen.queryByRole('button', { name }), name).to.equal(null);
      }
      expect(screen.getByRole('button', { name: 'Roll back' })).to.exist;
    });

    it('marks each page that is not ready when the publication is refused, and says nothing was published', async () => {
      const { user } = await openRelease(aRelease(), {
        answers: { releasePublish: failure(400, errorItem('V_07', 'items[1].pageID', 'release'), errorItem('V_07', 'items[2].pageID', 'release')) },
      });
      await user.click(screen.getByRole('button', { name: 'Publish now' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Publish now' }));
      const area = screen.getByRole('region', { name: 'Publish' });
      const alert = await within(area).findByRole('alert');
      expect([...alert.querySelectorAll('li')].map((item) => item.textContent)).to.deep.equal([
        'Nothing was published: 2 pages are not ready to go live.',
        'Contact is not ready to go live: its draft changed since it was added, it went live on its own, or it was deleted.',
        'Old offer is not ready to go live: its draft changed since it was added, it went live on its own, or it was deleted.',
      ]);
      expect(itemRows()).to.deep.equal([
        ['About us', 'en-gb/about-us', 'Ready'],
        ['Contact', 'en-gb/contact', 'Changed since it was added: add it again to take the new draft Not ready to go live'],
        ['Old offer', 'nl-nl/old-offer', 'Deleted Not ready to go live'],
      ]);
      expect(statusLine()).to.equal('Open');
    });
  });

  describe('once published', () => {
    const published = () => aRelease({ status: 'published', publishedAt: PUBLISHED_AT, publishedBy: 'user-1', items: [anItem('page-1', 'About us', 'about-us', 'live'), anItem('page-4', 'Careers', 'careers', 'live')] });

    it('rolls back after a confirmation that says what happens to each page', async () => {
      const { user, server } = await openRelease(published());
      expect(screen.queryByRole('region', { name: 'Add a page' })).to.equal(null);
      await user.click(screen.getByRole('button', { name: 'Roll back' }));
      const dialog = screen.getByRole('dialog', { name: 'Roll back “Spring campaign”?' });
      expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).to.deep.equal([
        'Each page shows what it showed before.',
        'Pages that were new with the release go off the site.',
        "Drafts started since the release stay in the page's versions.",
      ]);
      await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));
      await notice('Rolled back: each page shows what it showed before the release.');
      expect(server.callsOf('releaseRollback').map((call) => [call.params, call.body])).to.deep.equal([[{ id: 'rel-1' }, { revision: 7 }]]);
      await waitFor(() => expect(statusLine()).to.equal(`Rolled back ${formatDateTime('2026-12-02T10:00:00.000Z')}`));
      expect(screen.queryByRole('button', { name: 'Roll back' })).to.equal(null);
    });

    it('marks the page that keeps a rollback back', async () => {
      const { user } = await openRelease(published(), { answers: { releaseRollback: failure(400, errorItem('V_07', 'items[0].pageID', 'release')) } });
      await user.click(screen.getByRole('button', { name: 'Roll back' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Roll back' }));
      const alert = await within(screen.getByRole('region', { name: 'Roll back' })).findByRole('alert');
      expect(alert.textContent).to.contain('Nothing was rolled back: 1 page cannot go back.');
      expect(itemRows()).to.deep.equal([
        ['About us', 'en-gb/about-us', 'Live Cannot be rolled back'],
        ['Careers', 'en-gb/careers', 'Live'],
      ]);
    });
  });

  it('deletes an open release after asking, and goes back to the list', async () => {
    // The release is read again at the deletion's position, gone by then: that read's 404 is logged.
    const consoleError = console.error;
    console.error = () => {};
    try {
      const { user, server, router } = await openRelease();
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete “Spring campaign”?' });
      expect(within(dialog).getByText('The release is thrown away. Its pages and their drafts do not change.')).to.exist;
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(router.state.location.pathname).to.equal('/cmsadmin/releases'));
      expect(server.callsOf('releaseDelete').map((call) => [call.params, call.body])).to.deep.equal([[{ id: 'rel-1' }, { revision: 7 }]]);
      expect(await screen.findByText('The release “Spring campaign” was deleted.')).to.exist;
    } finally {
      console.error = consoleError;
    }
  });

  describe('previewed in time travel', () => {
    it('asks for a link to the release for 24 hours, opens it and shows it in full with its expiry', async () => {
      const { user, server } = await openRelease();
      await user.click(screen.getByRole('button', { name: 'Preview in time travel' }));
      await waitFor(() => expect(opened).to.have.length(1));
      expect(opened[0]).to.deep.equal(['/_asof/rel.tok-1', '_blank', 'noopener']);
      expect(server.callsOf('releasePreviewLink').map((call) => [call.params, call.body])).to.deep.equal([[{ id: 'rel-1' }, { hours: 24 }]]);
      const link = field('Link to the preview');
      expect(link.value).to.equal(`${window.location.origin}/_asof/rel.tok-1`);
      expect(link.readOnly).to.equal(true);
      expect(document.getElementById(link.getAttribute('aria-describedby')!)?.textContent).to.equal(`Expires ${formatDateTime(EXPIRES_AT)}`);
      expect(screen.getByRole('link', { name: 'Open in a new tab' }).getAttribute('href')).to.equal(`${window.location.origin}/_asof/rel.tok-1`);
    });

    it('warns that a release with an item not ready is previewed without it', async () => {
      const { unmount } = await openRelease();
      expect(within(screen.getByRole('region', { name: 'Preview' })).getByText(/cannot be published as it stands: the preview shows the site without it/)).to.exist;
      unmount();
      await openRelease(aRelease({ items: [anItem('page-1', 'About us', 'about-us', 'ready')] }));
      expect(screen.getByRole('region', { name: 'Preview' }).textContent).to.not.include('cannot be published');
    });

    it('says so when the link could not be made', async () => {
      const { user } = await openRelease(aRelease(), { answers: { releasePreviewLink: failure(500) } });
      await user.click(screen.getByRole('button', { name: 'Preview in time travel' }));
      const area = screen.getByRole('region', { name: 'Preview' });
      expect((await within(area).findByRole('alert')).textContent).to.equal('The preview link could not be made. Try again in a moment.');
      expect(opened).to.deep.equal([]);
    });

    it('is offered to a publisher without time-travel, through the release', async () => {
      const { user, server } = await openRelease(aRelease(), { signedIn: aUser({}, ['publish-page']) });
      await user.click(screen.getByRole('button', { name: 'Preview in time travel' }));
      await waitFor(() => expect(opened).to.have.length(1));
      expect(server.callsOf('releasePreviewLink')).to.have.length(1);
    });

    it('is made through time travel for someone who may travel in time but not publish', async () => {
      const { user, server } = await openRelease(aRelease(), { signedIn: aUser({}, ['time-travel']) });
      await user.click(screen.getByRole('button', { name: 'Preview in time travel' }));
      await waitFor(() => expect(opened).to.have.length(1));
      expect(server.callsOf('timeTravelLink').map((call) => call.body)).to.deep.equal([{ releaseId: 'rel-1', hours: 24 }]);
    });

    it('is not offered without publish-page or time-travel', async () => {
      await openRelease(aRelease(), { signedIn: aUser({}, ['edit-page']) });
      expect(screen.queryByRole('button', { name: 'Preview in time travel' })).to.equal(null);
    });
  });

  it('is read-only without publish-page', async () => {
    await openRelease(aRelease(), { signedIn: aUser({ ID: 'user-2' }, ['edit-page']) });
    expect(itemRows().map((row) => row[0])).to.deep.equal(['About us', 'Contact', 'Old offer']);
    expect(screen.getByText('The new services, all at once')).to.exist;
    expect(screen.queryAllByRole('button')).to.satisfy((buttons: HTMLElement[]) => buttons.every((button) => button.closest('nav, header') !== null));
    expect(screen.queryByRole('searchbox')).to.equal(null);
  });

  it('says so for a release that does not exist, or was deleted', async () => {
    const consoleError = console.error;
    console.error = () => {};
    try {
      renderAdmin('/releases/rel-404', { server: releaseServer(aRelease()) });
      expect(await screen.findByText('This release does not exist, or it was deleted.')).to.exist;
      expect(screen.getByRole('link', { name: 'Back to the releases' }).getAttribute('href')).to.equal('/cmsadmin/releases');
    } finally {
      console.error = consoleError;
    }
  });
});
