import { expect } from 'chai';
import type { MediaFolderDoc, MediaItemDoc } from '@pagelog/contracts/media/media-read-models';
import { readModels } from '@pagelog/contracts/read-models';
import { mediaLibraryProjection } from './library-projection';
import { minute, ProjectionBench } from './library-projection-test-kit';

const folders = readModels.mediaFolders.collection;
const items = readModels.mediaItems.collection;
const hash = (c: string) => c.repeat(64);

describe('the media projection', () => {
  let bench: ProjectionBench;
  const folder = (id: string) => bench.get<MediaFolderDoc>(folders, id);
  const item = (id: string) => bench.get<MediaItemDoc>(items, id);
  const createFolder = (id: string, parentId: string, name: string) => bench.append(`media-${id}`, 'MediaFolderCreated', { mediaId: id, parentId, name });
  const moveFolder = async (id: string, parentId: string, name: string) => {
    const from = (await folder(id))!;
    return bench.append(`media-${id}`, 'MediaFolderMoved', { mediaId: id, fromParentId: from.parentId, fromName: from.name, parentId, name });
  };
  const upload = (id: string, parentId: string, fileName: string, over: Record<string, unknown> = {}) =>
    bench.append(`media-${id}`, 'MediaFileUploaded', {
      mediaId: id,
      parentId,
      fileName,
      hash: hash('a'),
      size: 1234,
      contentType: 'image/jpeg',
      kind: 'image',
      width: 640,
      height: 480,
      defaultAltText: '',
      shared: false,
      ...over,
    });

  beforeEach(() => {
    bench = new ProjectionBench([mediaLibraryProjection]);
  });
  afterEach(async () => {
    await bench.close();
  });

  describe('when folders move or are renamed', () => {
    beforeEach(async () => {
      await createFolder('a', 'root', 'Reizen');
      await createFolder('b', 'a', 'Italië');
      await createFolder('c', 'b', 'Rome');
      await createFolder('d', 'root', 'Archief');
    });

    it('keeps the path of every folder below a moved one right', async () => {
      expect(await folder('c')).to.include({ path: '/Reizen/Italië/Rome', pathKey: '/reizen/italië/rome', parentId: 'b' });
      await moveFolder('b', 'd', 'Italia');
      expect(await folder('b')).to.include({ path: '/Archief/Italia', parentId: 'd', name: 'Italia', nameKey: 'italia' });
      expect(await folder('c')).to.include({ path: '/Archief/Italia/Rome', parentId: 'b' });
      expect((await folder('a'))!.childFolderIds).to.deep.equal([]);
      expect((await folder('d'))!.childFolderIds).to.deep.equal(['b']);

      // A rename of an ancestor reaches two levels down, and a move to the root one level up.
      await moveFolder('d', 'root', 'Oud');
      expect(await folder('c')).to.include({ path: '/Oud/Italia/Rome' });
      await moveFolder('b', 'root', 'Italia');
      expect(await folder('c')).to.include({ path: '/Italia/Rome' });
      expect((await folder('d'))!.childFolderIds).to.deep.equal([]);
    });

    it('forgets a deleted folder, also in its parent\'s list', async () => {
      await bench.append('media-c', 'MediaFolderDeleted', { mediaId: 'c', parentId: 'b', name: 'Rome' });
      expect(await folder('c')).to.equal(null);
      expect((await folder('b'))!.childFolderIds).to.deep.equal([]);
      // Moving the parent afterwards does not bring it back.
      await moveFolder('b', 'root', 'Italië');
      expect(await folder('c')).to.equal(null);
    });

    it('keeps folders cut off from the root by a racing delete out of path look-ups, and finds them again once moved out', async () => {
      const atPath = async (pathKey: string) => (await bench.log.readModels.find<MediaFolderDoc>(folders, { where: { pathKey } })).map((f) => f.id);
      // A folder created in one whose delete was taken in first, with a folder inside it.
      await bench.append('media-gone', 'MediaFolderCreated', { mediaId: 'gone', parentId: 'root', name: 'Weg' });
      await bench.append('media-gone', 'MediaFolderDeleted', { mediaId: 'gone', parentId: 'root', name: 'Weg' });
      await createFolder('x', 'gone', 'Reizen');
      await createFolder('y', 'x', 'Italië');
      expect(await folder('x')).to.include({ path: '/Reizen', pathKey: null });
      expect(await folder('y')).to.include({ path: '/Reizen/Italië', pathKey: null });
      expect(await atPath('/reizen')).to.deep.equal(['a']);
      expect(await atPath('/reizen/italië')).to.deep.equal(['b']);
      // Its name is still found, as a search from the root finds it.
      expect((await bench.log.readModels.find<MediaFolderDoc>(folders, { search: { term: 'reizen', fields: ['nameKey'] } })).map((f) => f.id).sort()).to.deep.equal(['a', 'x']);

      // A folder taken in before the delete of its parent: it and what is below it are cut off then.
      await createFolder('e', 'd', 'Reizen');
      await createFolder('f', 'e', 'Rome');
      await bench.append('media-d', 'MediaFolderDeleted', { mediaId: 'd', parentId: 'root', name: 'Archief' });
      expect(await folder('e')).to.include({ path: '/Reizen', pathKey: null });
      expect(await folder('f')).to.include({ path: '/Reizen/Rome', pathKey: null });
      expect(await atPath('/reizen/rome')).to.deep.equal([]);

      // Moved into a real folder, a cut-off folder and those below it have paths again.
      await moveFolder('x', 'a', 'Gevonden');
      expect(await folder('x')).to.include({ path: '/Reizen/Gevonden', pathKey: '/reizen/gevonden' });
      expect(await folder('y')).to.include({ path: '/Reizen/Gevonden/Italië', pathKey: '/reizen/gevonden/italië' });
    });
  });

  describe('files and videos', () => {
    it('lists an upload, marks an image without alternative text, and follows every change to it', async () => {
      await createFolder('f', 'root', 'Foto');
      await upload('i1', 'f', 'Strand.JPG', { shared: false });
      expect(await item('i1')).to.include({ parentId: 'f', fileName: 'Strand.JPG', nameKey: 'strand.jpg', kind: 'image', hash: hash('a'), missingAltText: true, shared: false, createdAt: minute(1) });

      await bench.append('media-i1', 'MediaAltTextChanged', { mediaId: 'i1', defaultAltText: 'Een strand' });
      expect(await item('i1')).to.include({ defaultAltText: 'Een strand', missingAltText: false });
      await bench.append('media-i1', 'MediaAltTextChanged', { mediaId: 'i1', defaultAltText: '   ' });
      expect(await item('i1')).to.include({ missingAltText: true });

      await bench.append('media-i1', 'MediaFileRenamed', { mediaId: 'i1', parentId: 'f', fromName: 'Strand.JPG', fileName: 'Zee.jpg' });
      await bench.append('media-i1', 'MediaFileMoved', { mediaId: 'i1', fromParentId: 'f', fromName: 'Zee.jpg', parentId: 'root', fileName: 'Zee 2.jpg' });
      await bench.append('media-i1', 'MediaSharedChanged', { mediaId: 'i1', shared: true });
      await bench.append('media-i1', 'MediaFocalPointChanged', { mediaId: 'i1', focalPoint: { x: 0.2, y: 0.8 } });
      const changed = (await item('i1'))!;
      expect(changed).to.include({ parentId: 'root', fileName: 'Zee 2.jpg', nameKey: 'zee 2.jpg', shared: true, revision: 7, createdAt: minute(1), updatedAt: minute(7) });
      expect(changed.focalPoint).to.deep.equal({ x: 0.2, y: 0.8 });

      await bench.append('media-i1', 'MediaFileDeleted', { mediaId: 'i1', parentId: 'root', fileName: 'Zee 2.jpg', hash: hash('a') });
      expect(await item('i1')).to.equal(null);
    });

    it('never lists a document or a video as lacking alternative text', async () => {
      await upload('doc', 'root', 'Jaarverslag.pdf', { kind: 'document', contentType: 'application/pdf', width: null, height: null });
      await bench.append('media-v', 'MediaVideoAdded', {
        mediaId: 'v',
        parentId: 'root',
        fileName: 'Intro',
        provider: 'youtube',
        videoId: 'dQw4w9WgXcQ',
        link: 'https://youtu.be/dQw4w9WgXcQ',
        defaultAltText: '',
        shared: true,
      });
      await upload('svg', 'root', 'Logo.svg', { kind: 'svg', contentType: 'image/svg+xml', hash: hash('b') });
      expect(await item('doc')).to.include({ kind: 'document', missingAltText: false });
      expect(await item('v')).to.include({ kind: 'youtube', hash: null, videoId: 'dQw4w9WgXcQ', link: 'https://youtu.be/dQw4w9WgXcQ', missingAltText: false });
      expect(await item('svg')).to.include({ kind: 'svg', missingAltText: true });
    });
  });

  describe('replays', () => {
    async function history() {
      await createFolder('a', 'root', 'A');
      await createFolder('b', 'a', 'B');
      await upload('i1', 'b', 'een.png');
      await upload('i2', 'a', 'twee.png', { hash: hash('c') });
      await moveFolder('b', 'root', 'Bee');
      await bench.append('media-i2', 'MediaFileMoved', { mediaId: 'i2', fromParentId: 'a', fromName: 'twee.png', parentId: 'b', fileName: 'twee.png' });
      await bench.append('media-i1', 'MediaFileDeleted', { mediaId: 'i1', parentId: 'b', fileName: 'een.png', hash: hash('a') });
      await bench.append('media-a', 'MediaFolderDeleted', { mediaId: 'a', parentId: 'root', name: 'A' });
    }

    it('ends in the same state when events are delivered again', async () => {
      await history();
      const once = await bench.snapshot();
      expect(once[items]!.map((d) => d.id)).to.deep.equal(['i2']);
      await bench.redeliver(bench.recorded.slice(2));
      await bench.redeliver(bench.recorded);
      expect(await bench.snapshot()).to.deep.equal(once);
    });

    it('rebuilds to the same state from the log', async () => {
      await history();
      const live = await bench.snapshot();
      await bench.projector.rebuild('media');
      expect(await bench.snapshot()).to.deep.equal(live);
    });
  });
});
