import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import type { PageListItem, PublicationRequestView } from '@pagelog/contracts/pages/page';
import { renderAdmin } from '../../testing/render';
import { fakeServer, type ServerCall } from '../../testing/fake-server';
import { success } from '../../testing/replies';
import { aUser } from '../../testing/users';

const me = 'user-1';

function listItem(id: string, title: string, overrides: Partial<PageListItem> = {}): PageListItem {
  return {
    id, title, slug: id, path: `/${id}`, locale: 'nl-nl', type: 'base', status: 'concept', hasPublicationRequest: false, translationGroupId: id,
    draftVersionID: `${id}-v`, publishedVersionID: null, createdAt: '2026-11-20T10:00:00Z', createdBy: me, authorName: 'Ada Admin',
    updatedAt: '2026-11-24T10:00:00Z', updatedBy: me, updatedByName: 'Ada Admin', ...overrides,
  };
}

function request(id: string, pageTitle: string, requestedBy: string, requestedByName: string): PublicationRequestView {
  return {
    id, pageID: `page-${id}`, versionID: `v-${id}`, pageTitle, pageSlug: id, locale: 'nl-nl', type: 'base', comment: '', requestedBy, requestedByName,
    requestedAt: '2026-11-24T09:00:00Z', resentAt: null, status: 'requested', feedback: '', reviewedBy: null, reviewedByName: null, reviewedAt: null,
  };
}

/** Answers the dashboard's three page lists by what each asks for. */
function pageLists(call: ServerCall) {
  const body = call.body as { changedBy?: string; status?: string };
  if (body.changedBy === 'me') {
    return success({ items: [listItem('concept', 'Mijn concept'), listItem('live', 'Al gepubliceerd', { status: 'published' }), listItem('changed', 'Nog te publiceren', { status: 'unpublished-changes' })], totalItems: 3 });
  }
  if (body.status === 'published') return success({ items: [listItem('home', 'Welkom', { status: 'published' })], totalItems: 1 });
  return success({ items: [listItem('concept', 'Mijn concept'), listItem('theirs', 'Van Bram', { updatedBy: 'user-2', updatedByName: 'Bram Bewerker' })], totalItems: 2 });
}

const section = (name: string) => within(screen.getByRole('region', { name }));
const links = (name: string) => section(name).queryAllByRole('link').map((link) => link.textContent);

describe('the CMS Dashboard', () => {
  it('lists my drafts, the requests awaiting my review, what was published and what others changed', async () => {
    const server = fakeServer({
      pageList: pageLists,
      pageFetchRequest: success([request('r1', 'Vacature', 'user-2', 'Bram Bewerker'), request('r2', 'Mijn eigen verzoek', me, 'Ada Admin')]),
    });
    renderAdmin('/dashboard', { server });
    await waitFor(() => expect(links('My drafts')).to.deep.equal(['Mijn concept', 'Nog te publiceren']));
    expect(server.callsOf('pageList').map((c) => (c.body as { changedBy?: string }).changedBy ?? '')).to.include('me');
    // Nobody reviews their own request.
    expect(links('Awaiting my review')).to.deep.equal(['Vacature']);
    expect(section('Awaiting my review').getByText('Requested by Bram Bewerker', { exact: false })).to.exist;
    expect(links('Recently published')).to.deep.equal(['Welkom']);
    expect(links('Recently changed by others')).to.deep.equal(['Van Bram']);
    expect(section('My drafts').getByRole('link', { name: 'Mijn concept' }).getAttribute('href')).to.equal('/cmsadmin/pages/concept');
  });

  it('counts the requests awaiting my review beside Publication requests in the navigation', async () => {
    renderAdmin('/dashboard', { server: fakeServer({ pageList: pageLists, pageFetchRequest: success([request('r1', 'Vacature', 'user-2', 'Bram'), request('r3', 'Tarieven', 'user-3', 'Cor')]) }) });
    const entry = within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: /Publication requests/ });
    await waitFor(() => expect(entry.textContent).to.equal('Publication requests2, 2 awaiting your review'));
  });

  it('says so when there is nothing, and shows no review list to someone who cannot review', async () => {
    const editor = aUser({ ID: 'user-9', name: 'Eddie' }, ['edit-page', 'create-page', 'request-publication']);
    const server = fakeServer({ pageList: success({ items: [], totalItems: 0 }) });
    renderAdmin('/dashboard', { signedIn: editor, server });
    await waitFor(() => expect(section('My drafts').getByText('None of your pages is waiting to be published.')).to.exist);
    expect(section('Recently published').getByText('Nothing has been published yet.')).to.exist;
    expect(screen.queryByRole('region', { name: 'Awaiting my review' })).to.equal(null);
    expect(server.callsOf('pageFetchRequest')).to.deep.equal([]);
  });

  it('counts the new form submissions for those who handle them, linking to the Forms area', async () => {
    const server = fakeServer({ pageList: pageLists, formsSubmissions: success({ items: [], totalItems: 7 }) });
    renderAdmin('/dashboard', { server });
    await waitFor(() => expect(links('New form submissions')).to.deep.equal(['7 new submissions to handle']));
    expect(section('New form submissions').getByRole('link').getAttribute('href')).to.equal('/cmsadmin/forms');
    expect(server.callsOf('formsSubmissions').map((c) => c.body)).to.deep.equal([{ status: 'new', pageIndex: 0, pageSize: 1 }]);
  });

  it('shows no form submissions to someone without manage-forms, and does not ask for them', async () => {
    const server = fakeServer({ pageList: pageLists });
    renderAdmin('/dashboard', { signedIn: aUser({ ID: 'user-9' }, ['edit-page']), server });
    await waitFor(() => expect(links('My drafts')).to.have.length(2));
    expect(screen.queryByRole('region', { name: 'New form submissions' })).to.equal(null);
    expect(server.callsOf('formsSubmissions')).to.deep.equal([]);
  });

  it('lists what is scheduled, the soonest first, with a failed one marked', async () => {
    const scheduled = (pageId: string, title: string, action: 'publish' | 'unpublish', at: string, failed = false) => ({
      scheduleId: `s-${pageId}`, action, at, versionId: 'v', scheduledBy: 'user-2', scheduledAt: '2026-12-01T10:00:00Z', attempts: failed ? 1 : 0,
      lastError: failed ? { code: 'V_12', message: 'The hash is not valid.' } : null, retryAt: failed ? '2026-12-03T10:01:00Z' : null,
      pageId, title, locale: 'nl-nl', slug: pageId, scheduledByName: 'Bram',
    });
    const server = fakeServer({ pageList: pageLists, pageSchedules: success([scheduled('p1', 'Jaarverslag', 'publish', '2026-12-03T10:00:00Z', true), scheduled('p2', 'Actie', 'unpublish', '2026-12-05T08:00:00Z')]) });
    renderAdmin('/dashboard', { server });
    await waitFor(() => expect(links('Scheduled')).to.deep.equal(['Jaarverslag', 'Actie']));
    const rows = section('Scheduled').getAllByRole('listitem').map((row) => row.textContent);
    expect(rows[0]).to.match(/^JaarverslagPublication on .*, set by BramFailed once, trying again at /);
    expect(rows[1]).to.match(/^ActieUnpublication on .*, set by Bram$/);
    expect(section('Scheduled').getAllByRole('link')[0]!.getAttribute('href')).to.equal('/cmsadmin/pages/p1');
  });
});
