import type { MediaEvent } from '@pagelog/contracts/events/media-events';
import { childPath, mediaNameKey, ROOT_FOLDER_ID, type MediaItemKind } from '@pagelog/contracts/media/media';
import type { MediaFolderDoc, MediaItemDoc } from '@pagelog/contracts/media/media-read-models';
import { readModels } from '@pagelog/contracts/read-models';
import type { UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';
import { alreadyApplied, defineProjection, type RecordedOf } from '../core/projection';

const folders = readModels.mediaFolders.collection;
const items = readModels.mediaItems.collection;

type MediaEventType = MediaEvent['type'];
type ItemChange = Extract<MediaEventType, 'MediaFileMoved' | 'MediaFileRenamed' | 'MediaAltTextChanged' | 'MediaSharedChanged' | 'MediaFocalPointChanged'>;

const imageKinds: readonly MediaItemKind[] = ['image', 'gif', 'svg'];

/** An image the library lists as lacking alternative text (videos and documents never are). */
export function lacksAltText(kind: MediaItemKind, defaultAltText: string): boolean {
  return imageKinds.includes(kind) && defaultAltText.trim() === '';
}

/** Where a folder is: its path and the key get-dir finds it by (null: no path leads there). */
type Place = Pick<MediaFolderDoc, 'path' | 'pathKey'>;

const ROOT_PLACE: Place = { path: '/', pathKey: '/' };

/**
 * Where the folder `folderId` is. A folder the projection does not know (deleted while a create,
 * an upload or a move into it was on its way, decision 0012) counts as the root for what is shown,
 * so what lands in it stays findable from there, but without a path key: a folder created in it
 * gets the path `/<name>`, which must not stand in for a real folder of that name at the root.
 */
async function placeOf(uow: UnitOfWork, folderId: string): Promise<Place> {
  if (folderId === ROOT_FOLDER_ID) return ROOT_PLACE;
  const parent = await uow.get<MediaFolderDoc>(folders, folderId);
  return parent ? { path: parent.path, pathKey: parent.pathKey } : { path: '/', pathKey: null };
}

/** The place of a folder named `name` in `parent`: cut off from the root when its parent is. */
function placeIn(parent: Place, name: string): Place {
  const path = childPath(parent.path, name);
  return { path, pathKey: parent.pathKey === null ? null : mediaNameKey(path) };
}

/** Records `childId` in its parent's list of folders (the root keeps none: it never moves). */
async function adopt(uow: UnitOfWork, parentId: string, childId: string): Promise<void> {
  if (parentId === ROOT_FOLDER_ID) return;
  const parent = await uow.get<MediaFolderDoc>(folders, parentId);
  if (!parent || parent.childFolderIds.includes(childId)) return;
  uow.put(folders, parentId, { ...parent, childFolderIds: [...parent.childFolderIds, childId] });
}

async function release(uow: UnitOfWork, parentId: string, childId: string): Promise<void> {
  if (parentId === ROOT_FOLDER_ID) return;
  const parent = await uow.get<MediaFolderDoc>(folders, parentId);
  if (!parent || !parent.childFolderIds.includes(childId)) return;
  uow.put(folders, parentId, { ...parent, childFolderIds: parent.childFolderIds.filter((id) => id !== childId) });
}

/**
 * Writes the paths of every folder below `top` after it moved or was renamed: one event moves a
 * whole tree, and each folder's path is stored so get-dir finds a folder by its path at once.
 * Files keep only their folder's id, so they need no rewrite. Breadth first, each folder once
 * (a cycle, which the command side never lets happen, would not loop).
 */
async function rewriteBelow(uow: UnitOfWork, top: Place & Pick<MediaFolderDoc, 'id' | 'childFolderIds'>): Promise<void> {
  const seen = new Set([top.id]);
  const queue: (Place & Pick<MediaFolderDoc, 'id' | 'childFolderIds'>)[] = [top];
  for (let parent = queue.shift(); parent; parent = queue.shift()) {
    for (const childId of parent.childFolderIds) {
      if (seen.has(childId)) continue;
      seen.add(childId);
      const child = await uow.get<MediaFolderDoc>(folders, childId);
      if (!child) continue;
      const moved = { ...child, ...placeIn(parent, child.name) };
      uow.put(folders, childId, moved);
      queue.push(moved);
    }
  }
}

/** What a file or a video item is besides what every item has (none of it by default). */
type ItemSpecifics = Partial<Pick<MediaItemDoc, 'hash' | 'contentType' | 'size' | 'width' | 'height' | 'videoId' | 'link'>>;

/** The document of an item just uploaded or added. */
function newItem(event: RecordedOf<'MediaFileUploaded' | 'MediaVideoAdded'>, kind: MediaItemKind, specifics: ItemSpecifics): MediaItemDoc {
  const d = event.data;
  return {
    id: d.mediaId,
    parentId: d.parentId,
    fileName: d.fileName,
    nameKey: mediaNameKey(d.fileName),
    kind,
    hash: null,
    contentType: null,
    size: null,
    width: null,
    height: null,
    videoId: null,
    link: null,
    ...specifics,
    defaultAltText: d.defaultAltText,
    missingAltText: lacksAltText(kind, d.defaultAltText),
    shared: d.shared,
    focalPoint: null,
    revision: event.revision,
    createdAt: event.metadata.occurredAt,
    updatedAt: event.metadata.occurredAt,
  };
}

function stamp(event: RecordedOf<MediaEventType>) {
  return { revision: event.revision, updatedAt: event.metadata.occurredAt };
}

/** A change to a listed item: skipped for an item not (or no longer) listed, and for an event the document has seen. */
function onItem<K extends ItemChange>(change: (event: RecordedOf<K>, current: MediaItemDoc) => Partial<MediaItemDoc>) {
  return async (event: RecordedOf<K>, uow: UnitOfWork) => {
    const current = await uow.get<MediaItemDoc>(items, event.data.mediaId);
    if (!current || alreadyApplied(current, event)) return;
    uow.put(items, current.id, { ...current, ...change(event, current), ...stamp(event) } satisfies MediaItemDoc);
  };
}

/** The media library's folders (with their paths) and its files and videos (spec section 3: Media item, Directory). */
export const mediaLibraryProjection = defineProjection<MediaEventType>({
  name: readModels.mediaFolders.projection,
  // 2: folders cut off from the root have no path key (they had one that could clash with a root folder's).
  // 3: the items keep their history (decision 0005): the site as of a moment shows the settings' logo as it was.
  version: 3,
  collections: [
    // parentId: get-dir and the "is this folder empty" look-up; pathKey: a folder by its path.
    { name: folders, indexes: ['parentId', 'pathKey', 'nameKey'] },
    // hash: duplicates and where-used; nameKey: listings sorted by name.
    { name: items, indexes: ['parentId', 'hash', 'nameKey'], temporal: true },
  ],
  prefetch(events) {
    const data = events.map((e) => e.data as { mediaId: string; parentId?: string; fromParentId?: string });
    return [
      { collection: folders, ids: data.flatMap((d) => [d.mediaId, d.parentId, d.fromParentId].filter((id): id is string => !!id && id !== ROOT_FOLDER_ID)) },
      { collection: items, ids: data.map((d) => d.mediaId) },
    ];
  },
  handlers: {
    async MediaFolderCreated(event, uow) {
      const d = event.data;
      if (alreadyApplied(await uow.get<MediaFolderDoc>(folders, d.mediaId), event)) return;
      uow.put(folders, d.mediaId, {
        id: d.mediaId,
        parentId: d.parentId,
        name: d.name,
        nameKey: mediaNameKey(d.name),
        ...placeIn(await placeOf(uow, d.parentId), d.name),
        childFolderIds: [],
        revision: event.revision,
        createdAt: event.metadata.occurredAt,
        updatedAt: event.metadata.occurredAt,
      } satisfies MediaFolderDoc);
      await adopt(uow, d.parentId, d.mediaId);
    },
    async MediaFolderMoved(event, uow) {
      const d = event.data;
      const current = await uow.get<MediaFolderDoc>(folders, d.mediaId);
      if (!current || alreadyApplied(current, event)) return;
      if (current.parentId !== d.parentId) {
        await release(uow, current.parentId, d.mediaId);
        await adopt(uow, d.parentId, d.mediaId);
      }
      const place = placeIn(await placeOf(uow, d.parentId), d.name);
      const moved = { ...current, parentId: d.parentId, name: d.name, nameKey: mediaNameKey(d.name), ...place, ...stamp(event) } satisfies MediaFolderDoc;
      uow.put(folders, d.mediaId, moved);
      await rewriteBelow(uow, moved);
    },
    async MediaFolderDeleted(event, uow) {
      const d = event.data;
      const current = await uow.get<MediaFolderDoc>(folders, d.mediaId);
      if (alreadyApplied(current, event)) return;
      uow.delete(folders, d.mediaId);
      await release(uow, current?.parentId ?? d.parentId, d.mediaId);
      // Only an empty folder is deleted, but a folder created or moved into it a moment before
      // may have been taken in first: it and what is below it are cut off from the root now.
      if (current && current.childFolderIds.length > 0) await rewriteBelow(uow, { id: current.id, childFolderIds: current.childFolderIds, path: '/', pathKey: null });
    },
    async MediaFileUploaded(event, uow) {
      const d = event.data;
      if (alreadyApplied(await uow.get<MediaItemDoc>(items, d.mediaId), event)) return;
      const { hash, contentType, size, width, height } = d;
      uow.put(items, d.mediaId, newItem(event, d.kind, { hash, contentType, size, width, height }));
    },
    async MediaVideoAdded(event, uow) {
      const d = event.data;
      if (alreadyApplied(await uow.get<MediaItemDoc>(items, d.mediaId), event)) return;
      uow.put(items, d.mediaId, newItem(event, d.provider, { videoId: d.videoId, link: d.link }));
    },
    MediaFileMoved: onItem((event) => ({ parentId: event.data.parentId, fileName: event.data.fileName, nameKey: mediaNameKey(event.data.fileName) })),
    MediaFileRenamed: onItem((event) => ({ fileName: event.data.fileName, nameKey: mediaNameKey(event.data.fileName) })),
    MediaAltTextChanged: onItem((event, current) => ({
      defaultAltText: event.data.defaultAltText,
      missingAltText: lacksAltText(current.kind, event.data.defaultAltText),
    })),
    MediaSharedChanged: onItem((event) => ({ shared: event.data.shared })),
    MediaFocalPointChanged: onItem((event) => ({ focalPoint: event.data.focalPoint })),
    async MediaFileDeleted(event, uow) {
      const current = await uow.get<MediaItemDoc>(items, event.data.mediaId);
      if (!current || alreadyApplied(current, event)) return;
      uow.delete(items, current.id);
    },
  },
});
