import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import { blockCard, openEditor } from '../../../testing/page-editor';
import { aPage, pageServer, aVersion } from '../../../testing/pages';
import { success } from '../../../testing/replies';

/** The forms the preview posts, recorded instead of navigating (jsdom has no frames to load). */
function recordSubmits(): { targets: string[]; tokens: string[]; restore: () => void } {
  const original = HTMLFormElement.prototype.submit;
  const record = { targets: [] as string[], tokens: [] as string[] };
  HTMLFormElement.prototype.submit = function (this: HTMLFormElement) {
    record.targets.push(this.target);
    record.tokens.push((this.elements.namedItem('token') as HTMLInputElement).value);
  };
  return { ...record, restore: () => (HTMLFormElement.prototype.submit = original) };
}

describe('the live preview in the page editor', () => {
  let submits: ReturnType<typeof recordSubmits>;
  beforeEach(() => (submits = recordSubmits()));
  afterEach(() => submits.restore());

  it('seals the draft on screen, saved or not, once typing pauses, and posts each token into its frame', async () => {
    let n = 0;
    const server = pageServer(aPage(), aVersion(), { pagePreview: () => success({ token: `token-${++n}`, expiresAt: '2026-11-24T12:00:00Z' }) });
    const { user } = await openEditor({ server });
    const preview = within(screen.getByRole('region', { name: 'Live preview' }));
    expect(screen.queryByTitle('Preview of the page as the site will show it')).to.equal(null);
    await user.click(preview.getByRole('button', { name: 'Show live preview' }));
    await waitFor(() => expect(server.callsOf('pagePreview')).to.have.length(1));
    const frame = preview.getByTitle('Preview of the page as the site will show it') as HTMLIFrameElement;
    await waitFor(() => expect(submits.tokens).to.deep.equal(['token-1']));
    expect(submits.targets).to.deep.equal([frame.name]);
    const form = document.querySelector(`form[target="${frame.name}"]`) as HTMLFormElement;
    expect([form.method, new URL(form.action).pathname]).to.deep.equal(['post', '/_preview']);

    // An unsaved change: one more preview, with the new text, after the pause (not one per key).
    await user.click(within(blockCard('1. Heading')).getByRole('button', { name: 'Edit' }));
    const text = within(blockCard('1. Heading')).getByLabelText('Text', { exact: true });
    await user.clear(text);
    await user.type(text, 'Wie wij zijn');
    await waitFor(() => expect(submits.tokens).to.deep.equal(['token-1', 'token-2']), { timeout: 3000 });
    const sent = server.callsOf('pagePreview').at(-1)!.body as { blocks: { props: { text: string } }[] };
    expect(sent.blocks[0]!.props.text).to.equal('Wie wij zijn');
    expect(server.callsOf('pagePreview')).to.have.length(2);
    expect(server.callsOf('pageVersionStore')).to.deep.equal([]);
  });

  it('shows the page at phone width, and opens the same preview in a new tab', async () => {
    const server = pageServer(aPage(), aVersion(), { pagePreview: success({ token: 'token-x', expiresAt: '2026-11-24T12:00:00Z' }) });
    const { user } = await openEditor({ server });
    const preview = within(screen.getByRole('region', { name: 'Live preview' }));
    await user.click(preview.getByRole('button', { name: 'Show live preview' }));
    await waitFor(() => expect(submits.tokens).to.deep.equal(['token-x']));
    await user.click(preview.getByRole('radio', { name: 'Phone' }));
    expect(preview.getByTitle('Preview of the page as the site will show it').parentElement!.className).to.include('live-preview__frame--phone');
    await user.click(preview.getByRole('button', { name: 'Open in a new tab' }));
    expect(submits.targets.at(-1)).to.equal('_blank');
    expect(submits.tokens.at(-1)).to.equal('token-x');
  });
});
