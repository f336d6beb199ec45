import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { PageDetails, PageVersionView } from '@pagelog/contracts/pages/page';
import { blockCard, openEditor } from '../../../testing/page-editor';
import { aBlock, aPage, aVersion, pageServer } from '../../../testing/pages';
import { success } from '../../../testing/replies';

const source = aPage({ id: 'page-nl', locale: 'nl-nl', title: 'Over ons', draftVersionID: 'version-nl', typeData: { author: 'Ada', publicationDate: '', summary: 'Wie wij zijn' } });
const sourceVersion = aVersion({
  id: 'version-nl',
  pageID: 'page-nl',
  title: 'Over ons',
  seoTitle: 'Over Pagelog',
  blocks: [
    aBlock({ key: 'block-1', props: { text: 'Welkom', level: 2 } }),
    aBlock({ key: 'block-2', type: 'text', props: { html: '<p>Wij zijn <b>Pagelog</b>.</p><p>Uit Utrecht.</p>' } }),
    aBlock({ key: 'block-3', props: { text: 'Contact', level: 2 } }),
  ],
});
const sibling = (page: PageDetails) => ({ pageID: page.id, locale: page.locale, slug: page.slug, title: page.title, status: page.status, path: page.path });

/** An English translation made from the Dutch page: two blocks copied (keys kept), one added. */
const translation = aPage({
  id: 'page-en',
  locale: 'en-gb',
  title: 'About us',
  slug: 'about-us',
  draftVersionID: 'version-en',
  translationGroupId: 'page-nl',
  copiedFrom: { pageId: 'page-nl', versionId: 'version-nl', as: 'translation' },
  translations: [sibling(source)],
});
const translationVersion = aVersion({
  id: 'version-en',
  pageID: 'page-en',
  title: 'About us',
  blocks: [
    aBlock({ key: 'block-1', props: { text: 'Welcome', level: 2 } }),
    aBlock({ key: 'block-2', type: 'text', props: { html: '<p>We are Pagelog.</p>' } }),
    aBlock({ key: 'block-9', props: { text: 'Contact us', level: 2 } }),
  ],
});

/** The server of both pages: each read by its own id. */
function groupServer(page: PageDetails = translation, version: PageVersionView = translationVersion) {
  const pages = new Map([source, page].map((p) => [p.id, p]));
  const versions = new Map([sourceVersion, version].map((v) => [v.id, v]));
  return pageServer(page, version, {
    pageGet: (call) => success(pages.get(call.params.id!)),
    pageVersionFetch: (call) => success({ pageVersion: versions.get(call.params.versionId!) }),
  });
}

const sourceLines = () => screen.queryAllByText((_, element) => element?.classList.contains('source-text') ?? false).map((line) => line.textContent);

async function openBlock(user: UserEvent, title: string) {
  await user.click(within(blockCard(title)).getByRole('button', { name: 'Edit' }));
  return blockCard(title);
}

describe('a translation in the page editor', () => {
  it('shows the source\'s text under each block field, matched by key, else by place and type', async () => {
    const { user } = await openEditor({ page: translation, version: translationVersion, server: groupServer() });
    const toggle = await screen.findByRole('checkbox', { name: 'Show source text (Nederlands)' });
    expect((toggle as HTMLInputElement).checked).to.equal(true);

    const heading = await openBlock(user, '1. Heading');
    expect(within(heading).getByText('Welkom').closest('p')!.textContent).to.equal('Source (Nederlands): Welkom');
    expect(within(heading).getByText('Welkom').getAttribute('lang')).to.equal('nl');
    // One block's form is open at a time.
    await openBlock(user, '2. Rich text');
    expect(sourceLines()).to.deep.equal(['Source (Nederlands): Wij zijn Pagelog. Uit Utrecht.']);
    // A block of its own, where the source has a heading too.
    await openBlock(user, '3. Heading');
    expect(sourceLines()).to.deep.equal(['Source (Nederlands): Contact']);
  });

  it('shows the source\'s title, type data and SEO fields, and hides them all on request', async () => {
    const { user } = await openEditor({ page: translation, version: translationVersion, server: groupServer() });
    await screen.findByRole('checkbox', { name: 'Show source text (Nederlands)' });
    await user.click(screen.getByRole('tab', { name: 'Page Settings' }));
    expect(sourceLines()).to.include.members(['Source (Nederlands): Over ons', 'Source (Nederlands): Wie wij zijn']);
    await user.click(screen.getByRole('tab', { name: 'SEO Settings' }));
    expect(sourceLines()).to.deep.equal(['Source (Nederlands): Over Pagelog']);

    await user.click(screen.getByRole('checkbox', { name: 'Show source text (Nederlands)' }));
    expect(sourceLines()).to.deep.equal([]);
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    await openBlock(user, '1. Heading');
    expect(sourceLines()).to.deep.equal([]);
  });

  it('takes the page in the site\'s default locale as the source when it was not made from one', async () => {
    const page = { ...translation, copiedFrom: null };
    const { user } = await openEditor({ page, version: translationVersion, server: groupServer(page) });
    await screen.findByRole('checkbox', { name: 'Show source text (Nederlands)' });
    await openBlock(user, '1. Heading');
    expect(sourceLines()).to.deep.equal(['Source (Nederlands): Welkom']);
  });

  it('shows nothing of the kind on a page that is not a translation', async () => {
    const server = groupServer(aPage({ translations: [] }), aVersion());
    const { user } = await openEditor({ server });
    await openBlock(user, '1. Heading');
    await waitFor(() => expect(server.callsOf('pageGet').map((call) => call.params.id)).to.not.include('page-nl'));
    expect(screen.queryByRole('checkbox', { name: /Show source text/ })).to.equal(null);
    expect(sourceLines()).to.deep.equal([]);
  });
});
