import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry } from '@pagelog/contracts/audit/audit-log';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import { fakeServer, type ServerCall } from '../../../testing/fake-server';
import { renderAdmin } from '../../../testing/render';
import { success } from '../../../testing/replies';
import { aUser } from '../../../testing/users';
import { typeLabel } from './audit-log';

function anEntry(position: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    position,
    at: '2026-11-24T10:00:00.000Z',
    occurredAt: '2026-11-24T10:00:00.000Z',
    actor: 'u-eddie',
    actorName: 'Eddie Editor',
    type: 'PageVersionStored',
    area: 'pages',
    stream: 'page-p1',
    revision: position,
    subject: 'p1',
    subjectLabel: 'Jaarverslag (jaarverslag, nl-nl)',
    summary: 'saved the draft: changed the title',
    comment: null,
    ...overrides,
  };
}

/** Three pages of the log: positions 9–8, 7–6, 5. */
const pages: Record<string, { entries: AuditEntry[]; next: number | null }> = {
  '': { entries: [anEntry(9, { type: 'PublicationRequested', summary: 'requested publication: “Graag”', comment: 'Graag' }), anEntry(8)], next: 8 },
  '8': { entries: [anEntry(7, { actor: 'system', actorName: 'Pagelog', area: 'settings', subject: null, subjectLabel: '', type: 'SettingsInitialized', summary: 'set up the site settings' }), anEntry(6)], next: 6 },
  '6': { entries: [anEntry(5)], next: null },
};
const answer = (call: ServerCall) => success({ ...pages[call.query.before ?? '']!, positions: null });

function rows(): string[][] {
  const table = screen.getByRole('table', { name: 'Audit log entries' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''));
}

const lastQuery = (server: ReturnType<typeof fakeServer>) => server.callsOf('auditLog').at(-1)!.query;

describe('the audit log screen', () => {
  it('lists the newest events: when, who, what with the comment, about what, and the event', async () => {
    const server = fakeServer({ auditLog: answer });
    renderAdmin('/audit-log', { server });
    await waitFor(() => expect(rows()).to.have.length(2));
    expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('Audit log');
    const [first] = rows();
    expect(first![1]).to.equal('Eddie Editoronly these');
    expect(first![2]).to.equal('requested publication: “Graag”Graag');
    expect(first![3]).to.equal('Pages Jaarverslag (jaarverslag, nl-nl)only these');
    expect(first![4]).to.equal('Publication requested #9 Replay from here');
    expect(screen.getAllByRole('link', { name: 'Jaarverslag (jaarverslag, nl-nl)' })[0]!.getAttribute('href')).to.equal('/cmsadmin/pages/p1');
    // The page's replay, opened at this event.
    expect(screen.getByRole('link', { name: 'Replay Jaarverslag (jaarverslag, nl-nl) from event #9' }).getAttribute('href')).to.equal('/cmsadmin/pages/p1?replay=9');
    expect(lastQuery(server)).to.deep.equal({});
  });

  it("offers the replay only for the page's own events", async () => {
    const server = fakeServer({ auditLog: success({ entries: [anEntry(4, { type: 'SlugClaimed', stream: 'slug-nl-nl-jaarverslag', summary: 'claimed the address' }), anEntry(3)], next: null, positions: null }) });
    renderAdmin('/audit-log', { server });
    await waitFor(() => expect(rows()).to.have.length(2));
    expect(screen.getAllByRole('link', { name: /^Replay / }).map((link) => link.getAttribute('href'))).to.deep.equal(['/cmsadmin/pages/p1?replay=3']);
  });

  it('pages to older events and back to newer ones', async () => {
    const server = fakeServer({ auditLog: answer });
    const { user } = renderAdmin('/audit-log', { server });
    await waitFor(() => expect(rows()).to.have.length(2));
    expect((screen.getByRole('button', { name: 'Newer' }) as HTMLButtonElement).disabled).to.equal(true);
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(rows()[0]![4]).to.equal('Settings initialized #7'));
    expect(lastQuery(server)).to.deep.equal({ before: '8' });
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(rows()).to.have.length(1));
    expect((screen.getByRole('button', { name: 'Older' }) as HTMLButtonElement).disabled).to.equal(true);
    expect(screen.getByText('Events 5 to 5')).to.exist;
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    await waitFor(() => expect(rows()[0]![4]).to.equal('Settings initialized #7'));
  });

  it('filters by area, kind and period, by one person or one subject from a row, and exports what it shows', async () => {
    const server = fakeServer({ auditLog: answer });
    const { user, router } = renderAdmin('/audit-log', { server });
    await waitFor(() => expect(rows()).to.have.length(2));
    await user.selectOptions(screen.getByLabelText('Area'), 'pages');
    await user.selectOptions(screen.getByLabelText('Kind of event'), 'PublicationRequested');
    await user.type(screen.getByLabelText('From'), '2026-11-01T09:30');
    await waitFor(() => expect(lastQuery(server)).to.deep.equal({ area: 'pages', type: 'PublicationRequested', from: new Date('2026-11-01T09:30').toISOString() }));
    await user.click(screen.getAllByRole('button', { name: 'Show only what Eddie Editor did' })[0]!);
    await waitFor(() => expect(lastQuery(server)).to.deep.include({ actor: 'u-eddie' }));
    expect(screen.getByRole('list', { name: 'Chosen filters' }).textContent).to.contain('Person: Eddie Editor');
    await user.click(screen.getAllByRole('button', { name: 'Show only events about Jaarverslag (jaarverslag, nl-nl)' })[0]!);
    await waitFor(() => expect(lastQuery(server)).to.deep.include({ actor: 'u-eddie', subject: 'p1' }));
    // The filters are in the address, so the view can be linked to.
    expect(router.state.location.search).to.contain('subject=p1');
    const json = screen.getByRole('link', { name: 'Export JSON' }).getAttribute('href')!;
    expect(json).to.match(/^\/api\/cms\/audit\/export\?/);
    expect(Object.fromEntries(new URL(json, 'http://x').searchParams)).to.deep.include({ area: 'pages', actor: 'u-eddie', subject: 'p1', format: 'json' });
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).to.contain('format=csv');
    await user.click(screen.getByRole('button', { name: 'Remove the person filter' }));
    await waitFor(() => expect(lastQuery(server).actor).to.equal(undefined));
    await user.click(screen.getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(lastQuery(server)).to.deep.equal({}));
  });

  it('opens filtered from a link (a page history), and says when nothing matches', async () => {
    const server = fakeServer({ auditLog: success({ entries: [], next: null, positions: null }) });
    renderAdmin('/audit-log?subject=p1', { server });
    await waitFor(() => expect(screen.getByText('No events match these filters.')).to.exist);
    expect(lastQuery(server)).to.deep.equal({ subject: 'p1' });
  });

  it('is refused, and asks nothing, without view-audit', async () => {
    const server = fakeServer();
    renderAdmin('/audit-log', { server, signedIn: aUser({}, ['edit-page']) });
    await waitFor(() => expect(screen.getByText(messageFor('UM_01'))).to.exist);
    expect(server.callsOf('auditLog')).to.deep.equal([]);
  });

  it('names event types in words', () => {
    expect(typeLabel('PublicationRequested')).to.equal('Publication requested');
    expect(typeLabel('MediaFileUploaded')).to.equal('Media file uploaded');
  });
});
