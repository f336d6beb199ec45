import { expect } from 'chai';
import { NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import { claimKey, type ClaimFenced } from '@pagelog/contracts/events/claim-events';
import type { MediaFileUploaded, MediaFolderCreated, MediaStreamEvent, MediaVideoAdded } from '@pagelog/contracts/events/media-events';
import { ROOT_FOLDER_ID } from '@pagelog/contracts/media/media';
import { deciderSpec } from '../core/decider-spec';
import { mediaDecider, type MediaCommand } from './decider';
import { isLiveItem } from './media-state';

const media = deciderSpec(mediaDecider);
const ofMedia = (code: string, property: string) => ({ code, property, model: 'media' });

const folderCreated = (over: Partial<MediaFolderCreated['data']> = {}): MediaFolderCreated => ({
  type: 'MediaFolderCreated',
  data: { mediaId: 'd1', parentId: ROOT_FOLDER_ID, name: 'Fotos', ...over },
});

const uploaded = (over: Partial<MediaFileUploaded['data']> = {}): MediaFileUploaded => ({
  type: 'MediaFileUploaded',
  data: {
    mediaId: 'm1',
    parentId: 'd1',
    fileName: 'zee.jpg',
    hash: 'a'.repeat(64),
    size: 1234,
    contentType: 'image/jpeg',
    kind: 'image',
    width: 640,
    height: 480,
    defaultAltText: '',
    shared: false,
    ...over,
  },
});

const videoAdded = (over: Partial<MediaVideoAdded['data']> = {}): MediaVideoAdded => ({
  type: 'MediaVideoAdded',
  data: { mediaId: 'v1', parentId: ROOT_FOLDER_ID, fileName: 'Intro', provider: 'youtube', videoId: 'dQw4w9WgXcQ', link: 'https://youtu.be/dQw4w9WgXcQ', defaultAltText: '', shared: false, ...over },
});

const fenced = (claimStream: string, claimRevision = 1): ClaimFenced => ({ type: 'ClaimFenced', data: { claimStream, claimRevision, takenBy: 'other' } });
const claimOn = (stream: string, revision = 1) => claimKey(stream, revision);

const edit = (over: Partial<Extract<MediaCommand, { type: 'EditFile' }>['data']> = {}): MediaCommand => ({
  type: 'EditFile',
  data: { parentId: 'd1', fileName: 'zee.jpg', defaultAltText: '', shared: false, nameClaim: null, ...over },
});

describe('media decider', () => {
  describe('when a folder is created', () => {
    const create: MediaCommand = { type: 'CreateFolder', data: { mediaId: 'd1', parentId: ROOT_FOLDER_ID, name: 'Fotos', nameClaim: claimOn('media-name-root:fotos') } };

    it('records MediaFolderCreated in its parent under its name', () => {
      media.given().when(create).then([folderCreated()]);
    });

    it('refuses (V_06 on folderName: the name exists) when its name claim was taken over before it was written', () => {
      media.given(fenced('media-name-root:fotos')).when(create).thenFails(ValidationError, [ofMedia('V_06', 'folderName')]);
    });

    it('refuses to create a node twice', () => {
      media.given(folderCreated()).when(create).thenFails(ValidationError, [ofMedia('V_07', '')]);
    });
  });

  describe('when a folder moves', () => {
    const move = (over: Partial<Extract<MediaCommand, { type: 'MoveFolder' }>['data']> = {}): MediaCommand => ({
      type: 'MoveFolder',
      data: { parentId: 'd2', name: 'Fotos', targetAncestry: [ROOT_FOLDER_ID, 'd2'], nameClaim: claimOn('media-name-d2:fotos'), moveLock: null, ...over },
    });

    it('records where it was and where it goes', () => {
      media.given(folderCreated()).when(move()).then([{ type: 'MediaFolderMoved', data: { mediaId: 'd1', fromParentId: ROOT_FOLDER_ID, fromName: 'Fotos', parentId: 'd2', name: 'Fotos' } }]);
    });

    it('renames it in place, and records nothing when nothing changes', () => {
      media.given(folderCreated()).when(move({ parentId: ROOT_FOLDER_ID, name: 'Beelden', targetAncestry: [ROOT_FOLDER_ID] })).thenTypes('MediaFolderMoved');
      media.given(folderCreated()).when(move({ parentId: ROOT_FOLDER_ID, name: 'Fotos', targetAncestry: [ROOT_FOLDER_ID], nameClaim: null })).thenNothing();
    });

    it('refuses a move into itself or below itself (V_07 on newPath)', () => {
      media.given(folderCreated()).when(move({ parentId: 'd1', targetAncestry: [ROOT_FOLDER_ID, 'd1'] })).thenFails(ValidationError, [ofMedia('V_07', 'newPath')]);
      media.given(folderCreated()).when(move({ parentId: 'd9', targetAncestry: [ROOT_FOLDER_ID, 'd1', 'd5', 'd9'] })).thenFails(ValidationError, [ofMedia('V_07', 'newPath')]);
    });

    it('refuses a name another folder took over meanwhile (ML_02 on newPath)', () => {
      media.given(folderCreated(), fenced('media-name-d2:fotos')).when(move()).thenFails(ValidationError, [ofMedia('ML_02', 'newPath')]);
    });

    it('refuses a move whose tree lock another move took over meanwhile (ML_06 on newPath)', () => {
      media.given(folderCreated(), fenced('media-tree-moves', 3)).when(move({ moveLock: claimOn('media-tree-moves', 3) })).thenFails(ValidationError, [ofMedia('ML_06', 'newPath')]);
      media.given(folderCreated(), fenced('media-tree-moves', 2)).when(move({ moveLock: claimOn('media-tree-moves', 3) })).thenTypes('MediaFolderMoved');
    });

    it('refuses a folder that is not there (ML_04 on oldPath), or an item', () => {
      media.given().when(move()).thenFails(NotFoundError, [ofMedia('ML_04', 'oldPath')]);
      media.given(uploaded({ mediaId: 'd1' })).when(move()).thenFails(NotFoundError, [ofMedia('ML_04', 'oldPath')]);
    });
  });

  describe('when a folder is deleted', () => {
    it('deletes an empty folder, naming where it was', () => {
      media.given(folderCreated()).when({ type: 'DeleteFolder', data: { empty: true } }).then([{ type: 'MediaFolderDeleted', data: { mediaId: 'd1', parentId: ROOT_FOLDER_ID, name: 'Fotos' } }]);
    });

    it('refuses a folder with contents (V_07 on path), and one deleted already (ML_04)', () => {
      media.given(folderCreated()).when({ type: 'DeleteFolder', data: { empty: false } }).thenFails(ValidationError, [ofMedia('V_07', 'path')]);
      const gone = { type: 'MediaFolderDeleted', data: { mediaId: 'd1', parentId: ROOT_FOLDER_ID, name: 'Fotos' } } as const;
      media.given(folderCreated(), gone).when({ type: 'DeleteFolder', data: { empty: true } }).thenFails(NotFoundError, [ofMedia('ML_04', 'path')]);
    });
  });

  describe('when a file is uploaded or a video added', () => {
    it('records the upload with its hash, judged type and size', () => {
      const { data } = uploaded();
      media.given().when({ type: 'UploadFile', data: { ...data, nameClaim: claimOn('media-name-d1:zee.jpg') } }).then([uploaded()]);
    });

    it('records a video by its provider and id', () => {
      media.given().when({ type: 'AddVideo', data: { ...videoAdded().data, nameClaim: claimOn('media-name-root:intro') } }).then([videoAdded()]);
    });

    it('refuses a name taken over before the item was written (ML_03)', () => {
      media.given(fenced('media-name-root:intro')).when({ type: 'AddVideo', data: { ...videoAdded().data, nameClaim: claimOn('media-name-root:intro') } }).thenFails(ValidationError, [ofMedia('ML_03', 'fileName')]);
    });
  });

  describe('when a file moves', () => {
    it('records a move to another folder, or a rename in the same one', () => {
      media.given(uploaded()).when({ type: 'MoveFile', data: { parentId: 'd2', fileName: 'zee.jpg', nameClaim: claimOn('media-name-d2:zee.jpg') } }).then([
        { type: 'MediaFileMoved', data: { mediaId: 'm1', fromParentId: 'd1', fromName: 'zee.jpg', parentId: 'd2', fileName: 'zee.jpg' } },
      ]);
      media.given(uploaded()).when({ type: 'MoveFile', data: { parentId: 'd1', fileName: 'Zee.JPG', nameClaim: null } }).then([
        { type: 'MediaFileRenamed', data: { mediaId: 'm1', parentId: 'd1', fromName: 'zee.jpg', fileName: 'Zee.JPG' } },
      ]);
      media.given(uploaded()).when({ type: 'MoveFile', data: { parentId: 'd1', fileName: 'zee.jpg', nameClaim: null } }).thenNothing();
    });

    it('refuses a name another item took over meanwhile (ML_03 on newFileName)', () => {
      media.given(uploaded(), fenced('media-name-d2:zee.jpg')).when({ type: 'MoveFile', data: { parentId: 'd2', fileName: 'zee.jpg', nameClaim: claimOn('media-name-d2:zee.jpg') } }).thenFails(ValidationError, [ofMedia('ML_03', 'newFileName')]);
    });

    it('refuses an item that is not there or is a folder (V_12 on id)', () => {
      media.given().when({ type: 'MoveFile', data: { parentId: 'd2', fileName: 'x', nameClaim: null } }).thenFails(NotFoundError, [ofMedia('V_12', 'id')]);
      media.given(folderCreated()).when({ type: 'DeleteFile', data: {} }).thenFails(NotFoundError, [ofMedia('V_12', 'id')]);
    });
  });

  describe('when a file is edited', () => {
    it('records only what changed', () => {
      media.given(uploaded()).when(edit()).thenNothing();
      media.given(uploaded()).when(edit({ defaultAltText: 'De zee bij Scheveningen' })).then([{ type: 'MediaAltTextChanged', data: { mediaId: 'm1', defaultAltText: 'De zee bij Scheveningen' } }]);
      media.given(uploaded()).when(edit({ shared: true, focalPoint: { x: 0.25, y: 0.75 } })).then([
        { type: 'MediaSharedChanged', data: { mediaId: 'm1', shared: true } },
        { type: 'MediaFocalPointChanged', data: { mediaId: 'm1', focalPoint: { x: 0.25, y: 0.75 } } },
      ]);
    });

    it('keeps the alt text and the shared flag when the command leaves them out', () => {
      const described = { type: 'MediaAltTextChanged', data: { mediaId: 'm1', defaultAltText: 'De zee' } } as const;
      const shared = { type: 'MediaSharedChanged', data: { mediaId: 'm1', shared: true } } as const;
      const keepRest = { parentId: 'd1', fileName: 'zee.jpg', nameClaim: null };
      media.given(uploaded(), described, shared).when({ type: 'EditFile', data: keepRest }).thenNothing();
      media.given(uploaded(), described, shared).when({ type: 'EditFile', data: { ...keepRest, fileName: 'Zee.jpg' } }).thenTypes('MediaFileRenamed');
      media.given(uploaded(), described, shared).when({ type: 'EditFile', data: { ...keepRest, shared: false } }).then([{ type: 'MediaSharedChanged', data: { mediaId: 'm1', shared: false } }]);
      media.given(uploaded(), described, shared).when({ type: 'EditFile', data: { ...keepRest, defaultAltText: '' } }).then([{ type: 'MediaAltTextChanged', data: { mediaId: 'm1', defaultAltText: '' } }]);
    });

    it('moves, renames and changes the rest in one write, the place first', () => {
      media.given(uploaded()).when(edit({ parentId: 'd2', fileName: 'strand.jpg', defaultAltText: 'Strand', nameClaim: claimOn('media-name-d2:strand.jpg') })).thenTypes('MediaFileMoved', 'MediaAltTextChanged');
    });

    it('leaves the focal point alone when none is given, and puts it back in the centre with null', () => {
      const focused = { type: 'MediaFocalPointChanged', data: { mediaId: 'm1', focalPoint: { x: 0.1, y: 0.2 } } } as const;
      media.given(uploaded(), focused).when(edit()).thenNothing();
      media.given(uploaded(), focused).when(edit({ focalPoint: { x: 0.1, y: 0.2 } })).thenNothing();
      media.given(uploaded(), focused).when(edit({ focalPoint: null })).then([{ type: 'MediaFocalPointChanged', data: { mediaId: 'm1', focalPoint: null } }]);
    });

    it('refuses a focal point on what is not a raster image (V_12 on focalPoint)', () => {
      media.given(uploaded({ kind: 'document', contentType: 'application/pdf', width: null, height: null })).when(edit({ focalPoint: { x: 0.5, y: 0.5 } })).thenFails(ValidationError, [ofMedia('V_12', 'focalPoint')]);
    });
  });

  describe('when a file is deleted', () => {
    it('records where it was and the bytes it held, and takes no command after', () => {
      const events = media.given(uploaded()).when({ type: 'DeleteFile', data: {} }).then([{ type: 'MediaFileDeleted', data: { mediaId: 'm1', parentId: 'd1', fileName: 'zee.jpg', hash: 'a'.repeat(64) } }]);
      const after = media.given(uploaded(), ...(events as MediaStreamEvent[]));
      expect(isLiveItem(after.state)).to.equal(false);
      after.when({ type: 'DeleteFile', data: {} }).thenFails(NotFoundError, [ofMedia('V_12', 'id')]);
    });
  });
});
