import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Block, BlockImage } from '@pagelog/contracts/blocks/block';
import { RENDITION_WIDTHS, type MediaListing } from '@pagelog/contracts/media/media';
import { previewCropUrl, previewImageUrl } from '@pagelog/contracts/media/media-urls';
import type { FakeServer } from '../../../testing/fake-server';
import { aDocument, aFolder, aListing, anItem } from '../../../testing/media';
import { blockCard, openEditor } from '../../../testing/page-editor';
import { aBlock, aVersion, pageServer } from '../../../testing/pages';
import { success } from '../../../testing/replies';

const beach = anItem({ id: 'beach', path: '/photos', fileName: 'beach.jpg', hash: 'b'.repeat(64) });
const report = aDocument({ id: 'report', path: '/', fileName: 'report.pdf', hash: 'c'.repeat(64), size: 52_000 });
const guide = aDocument({ id: 'guide', path: '/', fileName: 'guide.pdf', hash: 'd'.repeat(64), size: 2_400_000 });
const intro = anItem({
  id: 'intro',
  path: '/',
  fileName: 'Intro',
  kind: 'youtube',
  hash: null,
  contentType: null,
  size: null,
  width: null,
  height: null,
  videoId: 'dQw4w9WgXcQ',
  link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
});

const library: Record<string, MediaListing> = {
  '/': aListing('/', [aFolder('/photos'), report, guide, intro]),
  '/photos': aListing('/photos', [beach]),
};

/** The beach image as a block holds it once chosen (uncropped). */
const beachUse: BlockImage = { hash: beach.hash!, fileName: 'beach.jpg', altText: 'A beach at dawn', fileID: 'beach', width: 2560, height: 1440 };

const imageBlock = (images: BlockImage[] = []): Block => aBlock({ type: 'image', key: 'photo', props: { externalUrl: '', alt: '', caption: '' }, __images: images });

/** The editor of a page with these blocks, over a server that also answers the media library's reads. */
async function editorWith(blocks: Block[], seoImage: unknown[] = []) {
  const server: FakeServer = pageServer(undefined, aVersion({ blocks, seoImage: seoImage as string[] }), {
    mediaGetDir: (call) => success(library[(call.body as { path: string }).path] ?? aListing((call.body as { path: string }).path)),
    mediaSearchFiles: success(aListing('/', [beach])),
    mediaListPagesByFile: success({ items: [], totalItems: 0, settingsUses: [] }),
  });
  const view = await openEditor({ server });
  return { ...view, server };
}

async function openCard(user: UserEvent, title: string): Promise<HTMLElement> {
  await user.click(within(blockCard(title)).getByRole('button', { name: 'Edit' }));
  return blockCard(title);
}

/** Picks an item in the open picker: into a folder if given, the item, then Choose. */
async function pick(user: UserEvent, name: string, folder?: string) {
  const dialog = within(screen.getByRole('dialog'));
  if (folder) await user.click(await dialog.findByRole('button', { name: `Open folder ${folder}` }));
  await user.click(await dialog.findByRole('button', { name }));
  await user.click(dialog.getByRole('button', { name: 'Choose' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
}

/** Saves, and answers what the store was sent. */
async function saved(user: UserEvent, server: FakeServer): Promise<{ blocks: Block[]; seoImage: unknown[] }> {
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(server.callsOf('pageVersionStore')).to.have.length(1));
  return server.callsOf('pageVersionStore')[0]!.body as { blocks: Block[]; seoImage: unknown[] };
}

const input = (scope: HTMLElement, label: string) => within(scope).getByLabelText(label, { exact: true }) as HTMLInputElement;

describe('library media in the page editor', () => {
  describe('an image block', () => {
    it('takes an image chosen from the library, with its default alternative text', async () => {
      const { user, server } = await editorWith([imageBlock()]);
      const card = await openCard(user, '1. Image');
      expect(within(card).getByText('None chosen yet.')).to.exist;
      await user.click(within(card).getByRole('button', { name: 'Choose from the library' }));
      expect(screen.getByRole('dialog', { name: 'Choose an image' })).to.exist;
      await pick(user, 'beach.jpg', 'photos');

      expect(within(card).getByText('beach.jpg', { selector: '.block-media__name' })).to.exist;
      expect(within(card).getByText('2560 × 1440')).to.exist;
      expect(card.querySelector('img.block-media__thumb')!.getAttribute('src')).to.equal(previewImageUrl('beach', RENDITION_WIDTHS[0]));
      expect(input(card, 'Alternative text for beach.jpg').value).to.equal('A beach at dawn');

      const body = await saved(user, server);
      expect(body.blocks[0]!.__images).to.deep.equal([beachUse]);
    });

    it('keeps the alternative text typed for this use', async () => {
      const { user, server } = await editorWith([imageBlock([beachUse])]);
      const card = await openCard(user, '1. Image');
      const alt = input(card, 'Alternative text for beach.jpg');
      await user.clear(alt);
      await user.type(alt, 'Our beach in May');
      const body = await saved(user, server);
      expect(body.blocks[0]!.__images![0]).to.include({ altText: 'Our beach in May', fileID: 'beach' });
    });

    it('crops the image of this use: cropParams and the crop\'s size are stored', async () => {
      const { user, server } = await editorWith([imageBlock([beachUse])]);
      const card = await openCard(user, '1. Image');
      await user.click(within(card).getByRole('button', { name: /^Crop… beach\.jpg$/ }));
      // A stored use: the original's size comes from the library.
      const dialog = within(await screen.findByRole('dialog', { name: 'Crop beach.jpg' }));
      expect(server.callsOf('mediaSearchFiles').map((call) => call.body)).to.deep.equal([{ searchTerm: 'beach.jpg', directory: '/', withoutAltText: false }]);
      expect((dialog.getByLabelText('Width') as HTMLInputElement).value).to.equal('2560');
      for (const [label, value] of [['Left', '100'], ['Top', '50'], ['Width', '1200'], ['Height', '675']] as const) {
        await user.clear(dialog.getByLabelText(label));
        await user.type(dialog.getByLabelText(label), value);
      }
      await user.click(dialog.getByRole('button', { name: 'Apply crop' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));

      const crop = { x: 100, y: 50, width: 1200, height: 675, rotate: 0, scaleX: 1, scaleY: 1 };
      expect(within(card).getByText('Cropped to 1200 × 675')).to.exist;
      expect(card.querySelector('img.block-media__thumb')!.getAttribute('src')).to.equal(previewCropUrl('beach', crop, RENDITION_WIDTHS[0]));
      const body = await saved(user, server);
      expect(body.blocks[0]!.__images).to.deep.equal([{ ...beachUse, cropParams: crop, width: 1200, height: 675 }]);
    });

    it('takes the crop off again, back to the whole image', async () => {
      const crop = { x: 100, y: 50, width: 1200, height: 675, rotate: 0, scaleX: 1, scaleY: 1 };
      const { user, server } = await editorWith([imageBlock([{ ...beachUse, cropParams: crop, width: 1200, height: 675 }])]);
      const card = await openCard(user, '1. Image');
      await user.click(within(card).getByRole('button', { name: /^Crop…/ }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Crop beach.jpg' }));
      expect((dialog.getByLabelText('Left') as HTMLInputElement).value).to.equal('100');
      await user.click(dialog.getByRole('button', { name: 'Remove crop' }));
      const body = await saved(user, server);
      expect(body.blocks[0]!.__images).to.deep.equal([beachUse]);
    });

    it('offers no crop for an SVG, which the site shows as it is', async () => {
      const { user } = await editorWith([imageBlock([{ ...beachUse, fileName: 'logo.svg', fileID: 'logo' }])]);
      const card = await openCard(user, '1. Image');
      expect(within(card).getByRole('button', { name: 'Remove logo.svg' })).to.exist;
      expect(within(card).queryByRole('button', { name: /^Crop…/ })).to.equal(null);
    });

    it('marks an image decorative: no alternative text, and none required', async () => {
      const { user, server } = await editorWith([imageBlock([beachUse])]);
      const card = await openCard(user, '1. Image');
      expect(within(blockCard('1. Image')).queryByText('Check this block')).to.equal(null);

      // Neither described nor decorative: the editor asks before sending.
      await user.clear(input(card, 'Alternative text for beach.jpg'));
      expect(within(blockCard('1. Image')).getByText('Check this block')).to.exist;
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(within(card).getByText('The Alternative text field is required.')).to.exist);
      expect(screen.getByText('1. Image: The Alternative text field is required.')).to.exist;
      expect(server.callsOf('pageVersionStore')).to.deep.equal([]);

      await user.click(within(card).getByRole('checkbox', { name: 'Decorative image' }));
      expect(input(card, 'Alternative text for beach.jpg').disabled).to.equal(true);
      expect(within(card).queryByText('The Alternative text field is required.')).to.equal(null);
      expect(within(blockCard('1. Image')).queryByText('Check this block')).to.equal(null);
      const body = await saved(user, server);
      expect(body.blocks[0]!.__images).to.deep.equal([{ ...beachUse, altText: '', decorative: true }]);
    });

    it('gives the text back when the decorative mark is taken off', async () => {
      const { user } = await editorWith([imageBlock([beachUse])]);
      const card = await openCard(user, '1. Image');
      const decorative = within(card).getByRole('checkbox', { name: 'Decorative image' });
      await user.click(decorative);
      expect(input(card, 'Alternative text for beach.jpg').value).to.equal('');
      await user.click(decorative);
      expect(input(card, 'Alternative text for beach.jpg').value).to.equal('A beach at dawn');
    });

    it('removes the image, and asks for one (or an external address) before a save', async () => {
      const { user, server } = await editorWith([imageBlock([beachUse])]);
      const card = await openCard(user, '1. Image');
      await user.click(within(card).getByRole('button', { name: 'Remove beach.jpg' }));
      expect(within(card).queryByText('beach.jpg', { selector: '.block-media__name' })).to.equal(null);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.getByText('1. Image: The Image field is required.')).to.exist);
      expect(server.callsOf('pageVersionStore')).to.deep.equal([]);

      // An image from elsewhere, by its address, still does.
      await user.type(input(card, 'External image URL'), 'https://example.org/beach.jpg');
      const body = await saved(user, server);
      expect(body.blocks[0]).to.deep.include({ __images: [], props: { externalUrl: 'https://example.org/beach.jpg', alt: '', caption: '' } });
    });
  });

  describe('a downloads block', () => {
    const downloads = (files: Block['__files'] = []) => aBlock({ type: 'downloads', key: 'files', props: { title: '' }, __files: files });

    it('adds files from the library, reorders and removes them', async () => {
      const { user, server } = await editorWith([downloads()]);
      expect(within(blockCard('1. Downloads')).getByText('Check this block')).to.exist;
      const card = await openCard(user, '1. Downloads');
      await user.click(within(card).getByRole('button', { name: 'Choose from the library' }));
      expect(screen.getByRole('dialog', { name: 'Choose a file' })).to.exist;
      await pick(user, 'report.pdf');
      await user.click(within(card).getByRole('button', { name: 'Choose from the library' }));
      await pick(user, 'guide.pdf');

      const list = () => within(within(card).getByRole('list', { name: 'Files, in the order the page lists them' }));
      const names = () => list().getAllByRole('listitem').map((item) => item.querySelector('.block-media__name')!.textContent);
      expect(names()).to.deep.equal(['report.pdf', 'guide.pdf']);
      expect(list().getByText('51 KB')).to.exist;
      expect(list().getByText('2.3 MB')).to.exist;

      await user.click(list().getByRole('button', { name: 'Move up guide.pdf' }));
      expect(names()).to.deep.equal(['guide.pdf', 'report.pdf']);
      await waitFor(() => expect(document.activeElement?.textContent).to.equal('Move down guide.pdf'));
      expect(list().getByRole('button', { name: 'Move down report.pdf' })).to.have.property('disabled', true);
      await user.click(list().getByRole('button', { name: 'Remove report.pdf' }));
      expect(names()).to.deep.equal(['guide.pdf']);

      const body = await saved(user, server);
      expect(body.blocks[0]!.__files).to.deep.equal([{ hash: guide.hash, fileName: 'guide.pdf', size: 2_400_000, contentType: 'application/pdf' }]);
    });

    it('does not list a file twice', async () => {
      const { user, server } = await editorWith([downloads([{ hash: report.hash!, fileName: 'report.pdf' }])]);
      const card = await openCard(user, '1. Downloads');
      await user.click(within(card).getByRole('button', { name: 'Choose from the library' }));
      await pick(user, 'report.pdf');
      await user.type(input(card, 'Title'), 'Reports');
      const body = await saved(user, server);
      expect(body.blocks[0]!.__files).to.deep.equal([{ hash: report.hash, fileName: 'report.pdf' }]);
    });

    it('asks for at least one file before a save', async () => {
      const { user, server } = await editorWith([downloads()]);
      const card = await openCard(user, '1. Downloads');
      expect(within(card).queryByText('The Files field is required.')).to.equal(null);
      await user.type(input(card, 'Title'), 'Reports');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.getByText('1. Downloads: The Files field is required.')).to.exist);
      expect(within(blockCard('1. Downloads')).getByText('The Files field is required.')).to.exist;
      expect(server.callsOf('pageVersionStore')).to.deep.equal([]);
    });
  });

  describe('a video block', () => {
    it('takes a video of the library: provider, id, title and link', async () => {
      const { user, server } = await editorWith([aBlock({ type: 'video', key: 'film', props: { provider: 'youtube', videoId: '', title: '', link: '' } })]);
      const card = await openCard(user, '1. Video');
      await user.click(within(card).getByRole('button', { name: 'Choose a video from the library' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Choose a video' }));
      await dialog.findByRole('button', { name: 'Intro' });
      // Only videos: no documents, and no upload (videos are added by their link in the library).
      expect(dialog.queryByRole('button', { name: 'report.pdf' })).to.equal(null);
      expect(dialog.queryByText('Upload files')).to.equal(null);
      await pick(user, 'Intro');

      expect(input(card, 'Video id').value).to.equal('dQw4w9WgXcQ');
      expect(input(card, 'Title').value).to.equal('Intro');
      expect(input(card, 'Video link').value).to.equal('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
      const body = await saved(user, server);
      expect(body.blocks[0]!.props).to.deep.equal({ provider: 'youtube', videoId: 'dQw4w9WgXcQ', title: 'Intro', link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    });
  });

  describe('the SEO image', () => {
    const openSeo = (user: UserEvent) => user.click(screen.getByRole('tab', { name: 'SEO Settings' }));
    const seoGroup = () => screen.getByRole('group', { name: 'SEO image' });

    it('is chosen from the library and stored as a block image, and can be removed', async () => {
      const { user, server } = await editorWith([aBlock()]);
      await openSeo(user);
      expect(within(seoGroup()).getByText('No image chosen.')).to.exist;
      await user.click(within(seoGroup()).getByRole('button', { name: 'Choose from the library' }));
      await pick(user, 'beach.jpg', 'photos');
      expect(within(seoGroup()).getByText('beach.jpg')).to.exist;
      expect(seoGroup().querySelector('img')!.getAttribute('src')).to.equal(previewImageUrl('beach', RENDITION_WIDTHS[0]));

      const body = await saved(user, server);
      expect(body.seoImage).to.deep.equal([beachUse]);

      await user.click(within(seoGroup()).getByRole('button', { name: 'Remove the SEO image' }));
      expect(within(seoGroup()).getByText('No image chosen.')).to.exist;
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(server.callsOf('pageVersionStore')).to.have.length(2));
      expect((server.callsOf('pageVersionStore')[1]!.body as { seoImage: unknown[] }).seoImage).to.deep.equal([]);
    });

    it('shows an address stored before the library as text, editable until an image replaces it', async () => {
      const { user, server } = await editorWith([aBlock()], ['/media/team.jpg']);
      await openSeo(user);
      const address = input(seoGroup(), 'Image address');
      expect(address.value).to.equal('/media/team.jpg');
      await user.clear(address);
      await user.type(address, '/media/staff.jpg');
      expect((await saved(user, server)).seoImage).to.deep.equal(['/media/staff.jpg']);

      await user.click(within(seoGroup()).getByRole('button', { name: 'Choose from the library' }));
      await pick(user, 'beach.jpg', 'photos');
      expect(within(seoGroup()).queryByLabelText('Image address')).to.equal(null);
      expect(within(seoGroup()).getByText('beach.jpg')).to.exist;
    });

    it('shows a stored library image by its name, never as "[object Object]"', async () => {
      const { user } = await editorWith([aBlock()], [beachUse]);
      await openSeo(user);
      expect(within(seoGroup()).getByText('beach.jpg')).to.exist;
      expect(document.body.textContent).to.not.include('[object Object]');
      expect(within(seoGroup()).queryByLabelText('Image address')).to.equal(null);
    });
  });
});
