import { expect } from 'chai';
import { screen, waitFor } from '@testing-library/react';
import type { ReplayState, ReplayStep } from '@pagelog/contracts/pages/version-diff';
import { fakeServer } from '../../../testing/fake-server';
import { renderInApp } from '../../../testing/render';
import { success } from '../../../testing/replies';
import { ReplayDialog } from './replay-dialog';

const step = (revision: number, summary: string, text = ''): ReplayStep => ({ position: revision * 10, revision, type: 'T', occurredAt: '2026-12-01T10:00:00.000Z', actorName: 'Ada', summary, text });
const steps = [step(1, 'created “Over ons”'), step(2, 'saved the draft'), step(3, 'requested publication: “Klaar”', 'Klaar')];
const version = (title: string, text: string) => ({ versionId: `v-${title}`, title, blocks: [{ type: 'heading', key: 'h', props: { text, level: 2 }, anchorPoint: '' }], seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] });
const states: Record<string, ReplayState> = {
  '1': { step: steps[0]!, slug: 'over-ons', draft: version('Over ons', 'Eerste kop') as ReplayState['draft'], live: null },
  '2': { step: steps[1]!, slug: 'over-ons', draft: version('Over ons', 'Tweede kop') as ReplayState['draft'], live: null },
  '3': { step: steps[2]!, slug: 'over-ons', draft: version('Over ons', 'Tweede kop') as ReplayState['draft'], live: null },
};

describe('replaying a page', () => {
  it('steps through the events, showing the page after each, with who took the step and what they wrote; and plays them', async () => {
    const server = fakeServer({ pageReplay: success(steps), pageReplayState: (call) => success(states[(call.params as { revision: string }).revision]!) });
    const { user } = renderInApp(<ReplayDialog pageId="p1" onClose={() => {}} />, { server });
    await screen.findByText(/Step 1 of 3: Ada created “Over ons”/);
    await screen.findByText('Eerste kop');
    expect(screen.getByText('Not live on the site at this step.')).to.exist;
    await user.click(screen.getByRole('button', { name: 'Next step' }));
    await screen.findByText('Tweede kop');
    await user.click(screen.getByRole('button', { name: 'Previous step' }));
    await screen.findByText('Eerste kop');
    await user.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).to.include('Step 3 of 3'), { timeout: 5_000 });
    expect(screen.getByText('Klaar')).to.exist;
    expect(server.callsOf('pageReplayState').map((c) => (c.params as { revision: string }).revision)).to.include.members(['1', '2', '3']);
  });

  it('opens at the step of an event it is given (the audit log\'s Replay from here), or the last step before it', async () => {
    const server = fakeServer({ pageReplay: success(steps), pageReplayState: (call) => success(states[(call.params as { revision: string }).revision]!) });
    const { unmount } = renderInApp(<ReplayDialog pageId="p1" onClose={() => {}} startAt={20} />, { server });
    await screen.findByText(/Step 2 of 3: Ada saved the draft/);
    await screen.findByText('Tweede kop');
    unmount();
    // An event of the page that is not one of its steps (a slug claim, say): the step before it.
    renderInApp(<ReplayDialog pageId="p1" onClose={() => {}} startAt={29} />, { server });
    await screen.findByText(/Step 2 of 3/);
  });
});
