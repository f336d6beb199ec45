import { expect } from 'chai';
import { screen, waitFor } from '@testing-library/react';
import type { StaleBlock } from '@pagelog/contracts/pages/translation-status';
import { fakeServer } from '../../../testing/fake-server';
import { aPage } from '../../../testing/pages';
import { renderInApp } from '../../../testing/render';
import { success } from '../../../testing/replies';
import type { EditorAction } from '../state/editor-state';
import { StaleTranslationNotice } from './stale-translation-notice';

const changed: StaleBlock = {
  key: 'tekst',
  kind: 'changed',
  type: 'text',
  label: 'Rich text',
  summary: 'Wij onderzoeken de zorg en het onderwijs.',
  props: ['Text'],
  before: { type: 'text', key: 'tekst', props: { html: '<p>Wij onderzoeken de zorg.</p>' }, anchorPoint: '' },
  now: { type: 'text', key: 'tekst', props: { html: '<p>Wij onderzoeken de zorg en het onderwijs.</p>' }, anchorPoint: '' },
};
const added: StaleBlock = { key: 'nieuw', kind: 'added', type: 'heading', label: 'Heading', summary: 'Publicaties', props: [], before: null, now: { type: 'heading', key: 'nieuw', props: { text: 'Publicaties', level: 2 }, anchorPoint: '' } };
const translation = aPage({ id: 't1', locale: 'en-gb', copiedFrom: { pageId: 's1', versionId: 'v1', as: 'translation' } });

describe('the stale translation notice', () => {
  it('names each block the source changed since, says what changed and shows the source before and now', async () => {
    const server = fakeServer({ pageTranslationStatus: success({ sourcePageId: 's1', stale: [changed, added] }) });
    const { user } = renderInApp(<StaleTranslationNotice page={translation} dispatch={() => {}} readOnly={false} />, { server });
    await screen.findByRole('heading', { name: '2 blocks changed in the source since this translation was brought up to date' });
    expect(screen.getByText('changed in the source (Text)', { exact: false })).to.exist;
    expect(screen.getByText('is new in the source', { exact: false })).to.exist;
    await user.click(screen.getAllByText('What the source says')[0]!);
    expect(screen.getByText('Wij onderzoeken de zorg.')).to.exist;
    expect(screen.getByText('Wij onderzoeken de zorg en het onderwijs.')).to.exist;
  });

  it('marks one block, or the whole page, up to date', async () => {
    const server = fakeServer({ pageTranslationStatus: success({ sourcePageId: 's1', stale: [changed, added] }), pageTranslationUpToDate: success({ pageID: 't1', revision: 6, position: 200 }) });
    const actions: EditorAction[] = [];
    const { user } = renderInApp(<StaleTranslationNotice page={translation} dispatch={(a) => actions.push(a)} readOnly={false} />, { server });
    await user.click(await screen.findByRole('button', { name: 'Mark Publicaties as translated' }));
    await waitFor(() => expect(server.callsOf('pageTranslationUpToDate')[0]!.body).to.deep.equal({ blockKeys: ['nieuw'] }));
    expect(actions).to.deep.equal([{ type: 'pageLevelSaved', revision: 6 }]);
    await user.click(screen.getByRole('button', { name: 'Mark the whole page as up to date' }));
    await waitFor(() => expect(server.callsOf('pageTranslationUpToDate')[1]!.body).to.deep.equal({}));
  });

  it('shows nothing for a page that is not a translation, or is up to date, and no buttons when read-only', async () => {
    const server = fakeServer({ pageTranslationStatus: success({ sourcePageId: 's1', stale: [changed] }) });
    const { unmount } = renderInApp(<StaleTranslationNotice page={aPage()} dispatch={() => {}} readOnly={false} />, { server });
    expect(server.callsOf('pageTranslationStatus')).to.deep.equal([]);
    unmount();
    renderInApp(<StaleTranslationNotice page={translation} dispatch={() => {}} readOnly />, { server });
    await screen.findByRole('heading', { name: /1 block changed/ });
    expect(screen.queryByRole('button', { name: /Mark/ })).to.equal(null);
  });
});
