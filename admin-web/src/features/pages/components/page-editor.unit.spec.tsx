import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import { blockTypes } from '@pagelog/contracts/blocks/block-types';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { pageTypes } from '@pagelog/contracts/pages/page-types';
import type { PermissionName } from '@pagelog/contracts/permissions';
import { blockCard, changeTitle, openEditor, pageActions } from '../../../testing/page-editor';
import { aPage, aVersion, pageServer } from '../../../testing/pages';
import { aUser } from '../../../testing/users';

const pinned = {
  hasPublicationRequest: true,
  openRequest: { requestId: 'request-1', versionId: 'version-1', comment: 'Graag voor vrijdag', requestedBy: 'user-2', requestedAt: '2025-03-04T09:15:00.000Z' },
};

const withPermissions = (permissions: PermissionName[]) => aUser({ ID: 'user-3', name: 'Ed Itor' }, permissions);

const names = (buttons: HTMLElement[]) => buttons.map((button) => button.textContent);
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

describe('the page editor', () => {
  describe('on a clean concept, for an administrator', () => {
    beforeEach(() => openEditor());

    it('is headed by the page title, with its status and public address', () => {
      expect(heading()).to.equal('Over ons');
      expect(screen.getByText('Concept').className).to.equal('badge badge--concept');
      expect(screen.getByText('/over-ons').closest('p')!.textContent).to.equal('Public address: /over-ons');
      expect(screen.queryByText('Unsaved changes')).to.equal(null);
    });

    it('has the four tabs, Overview selected', () => {
      const tabs = within(screen.getByRole('tablist', { name: 'Page editor' })).getAllByRole('tab');
      expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).to.deep.equal([
        ['Overview', 'true'],
        ['Page Settings', 'false'],
        ['SEO Settings', 'false'],
        ['Translations', 'false'],
      ]);
      expect(screen.getByRole('tabpanel', { name: 'Overview' })).to.exist;
    });

    it('lists the blocks in order with their type, summary and actions', () => {
      expect(screen.getAllByRole('heading', { level: 3 }).map((title) => title.textContent)).to.deep.equal(['1. Heading', '2. Rich text']);
      expect(within(blockCard('1. Heading')).getByText('Welkom')).to.exist;
      expect(within(blockCard('2. Rich text')).getByText('Wij zijn Pagelog.')).to.exist;
      const moves = (title: string) =>
        (within(blockCard(title)).getAllByRole('button') as HTMLButtonElement[])
          .filter((button) => button.textContent === 'Move up' || button.textContent === 'Move down')
          .map((button) => [button.textContent, button.disabled]);
      expect(moves('1. Heading')).to.deep.equal([
        ['Move up', true],
        ['Move down', false],
      ]);
      expect(moves('2. Rich text')).to.deep.equal([
        ['Move up', false],
        ['Move down', true],
      ]);
      expect(within(blockCard('1. Heading')).getByRole('button', { name: 'Drag to reorder Heading' })).to.exist;
      for (const action of ['Edit', 'Replace', 'Remove']) expect(within(blockCard('2. Rich text')).getByRole('button', { name: action })).to.exist;
      expect(screen.getByRole('button', { name: 'Add block' })).to.exist;
    });

    it('offers the history of the page', () => {
      expect(screen.getByText('History').tagName).to.equal('SUMMARY');
    });

    it('offers Save (disabled: nothing unsaved), Publish, Request publication, Duplicate and Delete', () => {
      expect(names(pageActions())).to.deep.equal(['Save', 'Publish', 'Request publication', 'Duplicate', 'Delete']);
      expect(pageActions()[0]!.disabled).to.equal(true);
    });

    it('shows the page details beside the tabs', () => {
      const details = within(screen.getByRole('region', { name: 'Page details' }));
      const terms = details.getAllByRole('term').map((term) => term.textContent);
      const values = details.getAllByRole('definition').map((value) => value.textContent);
      expect(terms.slice(0, 3)).to.deep.equal(['Type', 'Locale', 'Author']);
      expect(values.slice(0, 3)).to.deep.equal(['Article', 'nl-nl', 'Ada Admin']);
    });
  });

  it('marks unsaved changes and swaps Publish for Save and publish', async () => {
    const { user } = await openEditor();
    await changeTitle(user, 'Wie wij zijn');
    expect(heading()).to.equal('Wie wij zijn');
    expect(screen.getByText('Unsaved changes').className).to.equal('badge badge--unsaved');
    expect(names(pageActions())).to.deep.equal(['Save', 'Save and publish', 'Request publication', 'Duplicate', 'Delete']);
    expect(pageActions()[0]!.disabled).to.equal(false);
  });

  it('saves with Ctrl+S and Cmd+S, and does nothing (no browser dialog) when nothing is unsaved', async () => {
    const { user, server } = await openEditor();
    await user.keyboard('{Control>}s{/Control}');
    expect(server.callsOf('pageVersionStore')).to.deep.equal([]);
    await changeTitle(user, 'Wie wij zijn');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(server.callsOf('pageVersionStore')).to.have.length(1));
    expect((server.callsOf('pageVersionStore')[0]!.body as { title: string }).title).to.equal('Wie wij zijn');
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).to.equal(null));
    await changeTitle(user, 'Over ons');
    await user.keyboard('{Meta>}s{/Meta}');
    await waitFor(() => expect(server.callsOf('pageVersionStore')).to.have.length(2));
    // The browser's own "save page as" is kept from opening.
    const event = new KeyboardEvent('keydown', { key: 's', ctrlKey: true, cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).to.equal(true);
  });

  it('clears the unsaved mark when the edit is put back, and offers nothing to save', async () => {
    const { user } = await openEditor();
    await user.click(within(blockCard('1. Heading')).getByRole('button', { name: 'Edit' }));
    const text = within(blockCard('1. Heading')).getByLabelText('Text', { exact: true });
    await user.type(text, '!');
    expect(screen.getByText('Unsaved changes')).to.exist;
    await user.type(text, '{Backspace}');
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).to.equal(null));
    expect(pageActions()[0]!.disabled).to.equal(true);
  });

  it('offers Unpublish for a published page', async () => {
    await openEditor({ page: aPage({ status: 'published', publishedVersionID: 'version-1', publishedID: 'version-1' }) });
    expect(screen.getByText('Published').className).to.equal('badge badge--published');
    expect(names(pageActions())).to.deep.equal(['Save', 'Unpublish', 'Duplicate', 'Delete']);
  });

  it('opens a block\'s form with a field per prop and its Anchor', async () => {
    const { user } = await openEditor();
    await user.click(within(blockCard('1. Heading')).getByRole('button', { name: 'Edit' }));
    const card = within(blockCard('1. Heading'));
    expect(card.getByLabelText('Text', { exact: true })).to.have.property('value', 'Welkom');
    const level = card.getByRole('combobox', { name: 'Level' });
    expect(within(level).getAllByRole('option').map((option) => option.textContent)).to.deep.equal(['1', '2', '3', '4', '5', '6']);
    expect(card.getByLabelText('Anchor', { exact: true }).tagName).to.equal('INPUT');
    expect(card.getByRole('button', { name: 'Close' }).getAttribute('aria-expanded')).to.equal('true');
  });

  it('says when a block\'s anchor is taken on the page', async () => {
    const { user } = await openEditor();
    for (const title of ['1. Heading', '2. Rich text']) {
      await user.click(within(blockCard(title)).getByRole('button', { name: 'Edit' }));
      await user.type(within(blockCard(title)).getByLabelText('Anchor', { exact: true }), 'team');
    }
    expect(within(blockCard('2. Rich text')).getByRole('alert').textContent).to.equal('Already exists on this page.');
    expect(within(blockCard('2. Rich text')).getByText('Check this block')).to.exist;
  });

  it('offers the page type\'s allowed blocks by label when adding a block', async () => {
    const { user } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Add block' }));
    const chooser = within(screen.getByRole('dialog', { name: 'Add block' }));
    expect(names(chooser.getAllByRole('button'))).to.include.members(['Heading', 'Rich text', 'Image', 'Call to action', 'Cancel']);
  });

  it('offers the other types when replacing a block', async () => {
    const { user } = await openEditor();
    await user.click(within(blockCard('1. Heading')).getByRole('button', { name: 'Replace' }));
    const chooser = screen.getByRole('dialog', { name: 'Replace Heading' });
    // The article type's allowed blocks but the heading itself, in the registry's order, by label.
    const others = pageTypes.article.allowedBlocks.filter((id) => id !== 'heading').map((id) => blockTypes[id].label);
    expect(others).to.include.members(['Rich text', 'Image', 'Table']);
    expect(names(within(within(chooser).getByRole('list')).getAllByRole('button'))).to.deep.equal(others);
  });

  it('offers Undo after a block is removed, which puts it back', async () => {
    const { user } = await openEditor();
    await user.click(within(blockCard('1. Heading')).getByRole('button', { name: 'Remove' }));
    expect(screen.getByText('Removed Heading.')).to.exist;
    expect(screen.getAllByRole('heading', { level: 3 }).map((title) => title.textContent)).to.deep.equal(['1. Rich text']);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getAllByRole('heading', { level: 3 }).map((title) => title.textContent)).to.deep.equal(['1. Heading', '2. Rich text']);
  });

  describe('Page Settings', () => {
    it('edits the title, slug, anchor and the article\'s type data', async () => {
      const { user } = await openEditor();
      await user.click(screen.getByRole('tab', { name: 'Page Settings' }));
      expect(field('Title').value).to.equal('Over ons');
      expect(field('Slug').value).to.equal('over-ons');
      expect(field('Anchor').tagName).to.equal('INPUT');
      expect(field('Author').value).to.equal('Ada');
      expect(field('Publication date').type).to.equal('date');
      expect(field('Summary').tagName).to.equal('TEXTAREA');
      expect(screen.queryByLabelText('Update links to this page')).to.equal(null);
    });

    it('locks the slug of a live page for an Editor, saying moving it takes the permission to publish', async () => {
      const live = aPage({ status: 'published', publishedVersionID: 'version-1', publishedID: 'version-1' });
      const { user, unmount } = await openEditor({ page: live, signedIn: withPermissions(['create-page', 'edit-page', 'request-publication']) });
      await user.click(screen.getByRole('tab', { name: 'Page Settings' }));
      expect(field('Slug').disabled).to.equal(true);
      expect(screen.getByText('This page is live: moving it to another address changes the site at once, which takes the permission to publish.')).to.exist;
      // The type data stays editable: it goes into the draft, and is published with it.
      expect(field('Author').disabled).to.equal(false);
      expect(screen.getByText('Saved with the draft: the public page shows them once the draft is published.')).to.exist;
      unmount();

      const publisher = await openEditor({ page: live });
      await publisher.user.click(screen.getByRole('tab', { name: 'Page Settings' }));
      expect(field('Slug').disabled).to.equal(false);
    });

    it('offers to update links, and says the old address redirects, once the slug changed', async () => {
      const { user } = await openEditor();
      await user.click(screen.getByRole('tab', { name: 'Page Settings' }));
      await user.clear(field('Slug'));
      await user.type(field('Slug'), 'wie-wij-zijn');
      expect(screen.getByRole('checkbox', { name: 'Update links to this page' })).to.exist;
      expect(screen.getByText(/The old address \/over-ons will redirect to the new one\./)).to.exist;
      expect(await screen.findByText('This slug is available.')).to.exist;
    });
  });

  it('SEO Settings edits title, description, keywords and one image', async () => {
    const version = aVersion({ seoKeywords: ['onderzoek', 'advies'], seoImage: ['/media/team.jpg'] });
    const { user } = await openEditor({ version });
    await user.click(screen.getByRole('tab', { name: 'SEO Settings' }));
    expect(field('SEO title').tagName).to.equal('INPUT');
    expect(field('SEO description').tagName).to.equal('TEXTAREA');
    expect(field('SEO keywords').value).to.equal('onderzoek, advies');
    // An address stored before the media library shows as text.
    expect(field('Image address').value).to.equal('/media/team.jpg');
    expect(screen.getByText('Separate keywords with commas.').id).to.equal(field('SEO keywords').getAttribute('aria-describedby'));
  });

  it('SEO keywords keep the line as typed, and tidy it when the field is left', async () => {
    const { user } = await openEditor();
    await user.click(screen.getByRole('tab', { name: 'SEO Settings' }));
    await user.type(field('SEO keywords'), 'onderzoek,  advies, ');
    expect(field('SEO keywords').value).to.equal('onderzoek,  advies, ');
    expect(screen.getByText('Unsaved changes')).to.exist;
    await user.tab();
    expect(field('SEO keywords').value).to.equal('onderzoek, advies');
  });

  describe('Translations', () => {
    it('lists the translations with a link to each', async () => {
      const page = aPage({
        translations: [{ pageID: 'page-2', locale: 'en-gb', slug: 'about-us', title: 'About us', status: 'published', path: '/en-gb/about-us' }],
      });
      const { user } = await openEditor({ page });
      await user.click(screen.getByRole('tab', { name: 'Translations' }));
      const row = within(screen.getByRole('table', { name: 'Translations' })).getAllByRole('row')[1]!;
      expect(within(row).getAllByRole('cell').map((cell) => cell.textContent).slice(0, 2)).to.deep.equal(['en-gb', 'About us']);
      expect(within(row).getByRole('link', { name: 'Open About us' }).getAttribute('href')).to.equal('/cmsadmin/pages/page-2');
      expect(screen.getByRole('button', { name: 'Add translation' })).to.exist;
    });

    it('says when there are none', async () => {
      const { user } = await openEditor();
      await user.click(screen.getByRole('tab', { name: 'Translations' }));
      expect(screen.getByText('This page has no translations yet.')).to.exist;
    });
  });

  describe('while a publication request is open', () => {
    it('shows who asked, when and why, and leaves a reviewer only review, revoke and resend', async () => {
      await openEditor({ page: aPage(pinned) });
      expect(screen.getByText(/^Publication requested by another user on 4 Mar 2025, \d\d:15$/)).to.exist;
      expect(screen.getByText('Comment: Graag voor vrijdag')).to.exist;
      expect(names(pageActions())).to.deep.equal(['Review request', 'Revoke request', 'Resend request', 'Duplicate']);
      expect(screen.queryByRole('button', { name: 'Add block' })).to.equal(null);
      expect(screen.getByText('Review requested')).to.exist;
    });

    it('names the requester from the request', async () => {
      const version = aVersion({
        hasPublicationRequest: true,
        publicationRequest: {
          id: 'request-1', pageID: 'page-1', versionID: 'version-1', pageTitle: 'Over ons', pageSlug: 'over-ons', locale: 'nl-nl', type: 'article',
          comment: 'Graag voor vrijdag', requestedBy: 'user-2', requestedByName: 'Bea Schrijver', requestedAt: '2025-03-04T09:15:00.000Z', resentAt: null,
          status: 'requested', feedback: '', reviewedBy: null, reviewedByName: null, reviewedAt: null,
        },
      });
      await openEditor({ page: aPage(pinned), version });
      expect(screen.getByText(/^Publication requested by Bea Schrijver on 4 Mar 2025/)).to.exist;
    });

    it('names the requester from the request\'s own read when the draft does not carry it', async () => {
      const page = aPage(pinned);
      const request = { ...aVersion().publicationRequest, id: 'request-1', pageID: 'page-1', versionID: 'version-1', requestedByName: 'Bea Schrijver', requestedAt: '2025-03-04T09:15:00.000Z', comment: '', status: 'requested' };
      const server = pageServer(page, aVersion(), { pageFetchRequestComment: { status: 200, Success: true, Errors: [], data: { comment: 'Graag voor vrijdag', request } } });
      await openEditor({ page, server });
      expect(screen.getByText(/^Publication requested by Bea Schrijver on 4 Mar 2025/)).to.exist;
      expect(screen.getByText('Comment: Graag voor vrijdag')).to.exist;
    });

    it('shows the review modal with comment, Feedback, Accept and publish and Reject', async () => {
      const { user } = await openEditor({ page: aPage(pinned) });
      await user.click(screen.getByRole('button', { name: 'Review request' }));
      const review = within(screen.getByRole('dialog', { name: 'Review request' }));
      expect(review.getByText('Graag voor vrijdag')).to.exist;
      expect(review.getByLabelText('Feedback').tagName).to.equal('TEXTAREA');
      expect(names(review.getAllByRole('button'))).to.include.members(['Accept and publish', 'Reject', 'Cancel']);
    });
  });

  it('shows the feedback of a rejected request', async () => {
    const version = aVersion({
      publicationRequest: {
        id: 'request-1', pageID: 'page-1', versionID: 'version-1', pageTitle: 'Over ons', pageSlug: 'over-ons', locale: 'nl-nl', type: 'article',
        comment: '', requestedBy: 'user-1', requestedByName: 'Ada Admin', requestedAt: '2025-03-04T09:15:00.000Z', resentAt: null,
        status: 'rejected', feedback: 'De kop is te lang.', reviewedBy: 'user-2', reviewedByName: 'Bea Schrijver', reviewedAt: '2025-03-04T10:00:00.000Z',
      },
    });
    await openEditor({ version });
    expect(screen.getByText('Rejected by Bea Schrijver: De kop is te lang.')).to.exist;
  });

  it('is read-only for a user without edit-page', async () => {
    await openEditor({ signedIn: withPermissions(['review-publication']) });
    expect(screen.getByText('You can view this page, but your role does not allow changing it.')).to.exist;
    expect(pageActions()).to.deep.equal([]);
    for (const action of ['Add block', 'Remove', 'Replace']) expect(screen.queryByRole('button', { name: action }), action).to.equal(null);
  });

  it('names what clashed after a conflicting save, with both ways out', async () => {
    const current = { ...aVersion(), title: 'Hun titel', versionId: 'version-1' };
    const server = pageServer();
    server.answer('pageVersionStore', { status: 409, Success: false, Errors: [errorItem('V_07', 'revision', 'page')], data: { currentRevision: 8, conflicts: ['title', 'blocks.block-2', 'blocks.order'], current } });
    const { user } = await openEditor({ server });
    await changeTitle(user, 'Mijn titel');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const notice = within(await screen.findByRole('alert'));
    expect(notice.getByText('Your changes clash with changes saved since you opened the page')).to.exist;
    expect(notice.getAllByRole('listitem').map((item) => item.textContent)).to.deep.equal(['Title', 'Block 2: Rich text', 'The order of the blocks']);
    expect(notice.getByRole('button', { name: 'Keep my version' })).to.exist;
    expect(notice.getByRole('button', { name: 'Use the saved version' })).to.exist;
  });
});
