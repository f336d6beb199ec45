import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import { diffVersions, type VersionComparison, type VersionSummary } from '@pagelog/contracts/pages/version-diff';
import type { VersionContent } from '@pagelog/contracts/pages/page';
import { fakeServer } from '../../../testing/fake-server';
import { renderInApp } from '../../../testing/render';
import { success } from '../../../testing/replies';
import { VersionsPanel } from './versions-panel';

const version = (id: string, extra: Partial<VersionSummary>): VersionSummary => ({
  versionId: id,
  storedAt: '2026-12-01T10:00:00.000Z',
  storedBy: 'u1',
  storedByName: 'Eva Editor',
  basedOnVersionId: null,
  published: false,
  isDraft: false,
  isLive: false,
  publication: [],
  ...extra,
});
const versions = [version('v3', { isDraft: true, storedAt: '2026-12-02T09:00:00.000Z', basedOnVersionId: 'v2' }), version('v2', {
    isLive: true,
    published: true,
    storedByName: 'Piet Publisher',
    publication: [
      { kind: 'requested', at: '2026-12-01T11:00:00.000Z', by: 'u1', byName: 'Eva Editor', text: 'Klaar voor publicatie' },
      { kind: 'accepted', at: '2026-12-01T12:00:00.000Z', by: 'u2', byName: 'Piet Publisher', text: 'Prima' },
      { kind: 'published', at: '2026-12-01T12:00:00.000Z', by: 'u2', byName: 'Piet Publisher', text: '' },
    ],
  }), version('v1', { storedAt: '2026-11-30T09:00:00.000Z' })];

const page = (blocks: VersionContent['blocks'], title: string): VersionContent => ({ title, blocks, seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] }) as VersionContent;
const before = page(
  [
    { type: 'heading', key: 'kop', props: { text: 'Wie wij zijn', level: 2 }, anchorPoint: '' },
    { type: 'text', key: 'tekst', props: { html: '<p>Wij doen onafhankelijk onderzoek.</p>' }, anchorPoint: '' },
    { type: 'text', key: 'oud', props: { html: '<p>Weg</p>' }, anchorPoint: '' },
  ],
  'Over ons',
);
const after = page(
  [
    { type: 'text', key: 'tekst', props: { html: '<p>Wij doen zorgvuldig onderzoek.</p>' }, anchorPoint: '' },
    { type: 'heading', key: 'kop', props: { text: 'Wie wij zijn', level: 2 }, anchorPoint: '' },
    { type: 'text', key: 'nieuw', props: { html: '<p>Nieuw</p>' }, anchorPoint: '' },
  ],
  'Wie wij zijn',
);
const comparison: VersionComparison = { pageID: 'p1', from: versions[1]!, to: versions[0]!, diff: diffVersions(before, after) };

describe('the versions panel', () => {
  it('lists the versions with who stored them, and compares the draft with the live version by default, inline and side by side', async () => {
    const server = fakeServer({ pageVersions: success(versions), pageCompare: success(comparison) });
    const { user } = renderInApp(<VersionsPanel pageId="p1" />, { server });
    await user.click(screen.getByText('Versions'));
    await screen.findByText('by Piet Publisher');
    expect(screen.getAllByRole('listitem').filter((li) => li.classList.contains('history__entry'))).to.have.length(3);
    // The live version's publication history: who asked, who accepted, with what they wrote.
    const steps = [...document.querySelectorAll('.versions__step')].map((li) => li.textContent);
    expect(steps).to.deep.equal(['Publication requested by Eva Editor: “Klaar voor publicatie”', 'Accepted by Piet Publisher: “Prima”', 'Published by Piet Publisher']);
    expect((screen.getByLabelText('Compare') as HTMLSelectElement).value).to.equal('v2');
    expect((screen.getByLabelText('with') as HTMLSelectElement).value).to.equal('v3');
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compare versions' });
    await within(dialog).findByText('1 added, 1 removed, 1 changed, 1 moved; 1 page fields changed');
    expect(server.callsOf('pageCompare')[0]!.query).to.deep.equal({ from: 'v2', to: 'v3' });
    // Inline: the changed words marked in one text.
    expect([...dialog.querySelectorAll('del')].map((d) => d.textContent)).to.include('onafhankelijk');
    expect([...dialog.querySelectorAll('ins')].map((d) => d.textContent)).to.include('zorgvuldig');
    expect(within(dialog).getByText('Added')).to.exist;
    expect(within(dialog).getByText('Removed')).to.exist;
    expect(within(dialog).getByText(/Moved from place/)).to.exist;
    // Side by side: the older text without the new words, the newer without the old.
    await user.click(within(dialog).getByLabelText('Side by side'));
    await waitFor(() => expect(within(dialog).getAllByText('Before').length).to.be.greaterThan(0));
    const befores = [...dialog.querySelectorAll('.diff__before')].map((d) => d.textContent ?? '');
    expect(befores.some((text) => text.includes('onafhankelijk') && !text.includes('zorgvuldig'))).to.equal(true);
  });

  it('offers no comparison for a page with one version', async () => {
    const server = fakeServer({ pageVersions: success([version('v1', { isDraft: true })]) });
    const { user } = renderInApp(<VersionsPanel pageId="p1" />, { server });
    await user.click(screen.getByText('Versions'));
    await screen.findByText('by Eva Editor');
    expect(screen.queryByRole('button', { name: 'Compare' })).to.equal(null);
  });
});
