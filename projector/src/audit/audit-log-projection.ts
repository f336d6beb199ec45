import { auditEntryId, type AuditEntryDoc } from '@pagelog/contracts/audit/audit-log';
import { changesInWords, describeEvent } from '@pagelog/contracts/audit/event-words';
import type { RecordedEvent } from '@pagelog/contracts/events/event';
import { eventSchemas, type PagelogEvent } from '@pagelog/contracts/events/registry';
import type { VersionContent } from '@pagelog/contracts/pages/page';
import { versionChanges } from '@pagelog/contracts/pages/version-changes';
import { readModels } from '@pagelog/contracts/read-models';
import type { UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';
import type { Projection } from '../core/projection';

const log = readModels.auditLog.collection;
const memory = readModels.auditSubjects.collection;
const CLOCK_ID = 'clock';

/** The time of the last event written, so `at` never runs back. */
type ClockDoc = {
  id: string;
  at: string;
  position: number;
};

/** What the projection remembers of a subject: its name, and for a page its address and last stored content. */
type SubjectDoc = {
  id: string;
  label: string;
  page?: { title: string; slug: string; locale: string; content: VersionContent };
};

const memoryId = (area: string, id: string) => `${area}:${id}`;

function pageLabel(page: NonNullable<SubjectDoc['page']>): string {
  return `${page.title} (${page.slug}, ${page.locale})`;
}

/** A name the event itself gives its subject, when it has one. */
function nameIn(event: PagelogEvent): string | null {
  switch (event.type) {
    case 'MediaFolderCreated':
    case 'MediaFolderMoved':
    case 'MediaFolderDeleted':
      return event.data.name;
    case 'MediaFileUploaded':
    case 'MediaVideoAdded':
    case 'MediaFileMoved':
    case 'MediaFileRenamed':
    case 'MediaFileDeleted':
      return event.data.fileName;
    case 'MediaNameClaimed':
    case 'MediaNameReleased':
      return event.data.name;
    case 'MenuDraftSaved':
    case 'MenuPublished':
    case 'MenuRestored':
      return `${event.data.kind} menu (${event.data.locale})`;
    case 'TagCreated':
    case 'TagRenamed':
    case 'TagMerged':
      return `${event.data.name} (${event.data.locale})`;
    case 'FormSubmitted':
      return `${event.data.form} form (${event.data.locale})`;
    default:
      return null;
  }
}

/**
 * The site-wide audit log (issue 17): every event of the log as one document, in words, with
 * its actor, subject and comment, found by actor, subject, type or area newest first through
 * compound indexes that end in the position, and by period through `at`. Its own memory keeps
 * each subject's name and each page's last stored content, so a saved version says what it
 * changed. People are kept as ids: their names are opened when read, so erasing a user erases
 * them from the log's words too.
 */
export const auditLogProjection: Projection = {
  name: readModels.auditLog.projection,
  version: 1,
  collections: [
    { name: log, indexes: ['at', 'position', ['actor', 'position'], ['subject', 'position'], ['type', 'position'], ['area', 'position']] },
    { name: memory, indexes: [] },
  ],
  handles: Object.keys(eventSchemas),
  prefetch(events) {
    const ids = new Set<string>([CLOCK_ID]);
    for (const event of events) {
      const { subject } = describeEvent(event as PagelogEvent & RecordedEvent);
      if (subject.id) ids.add(memoryId(subject.area, subject.id));
    }
    return [{ collection: memory, ids: [...ids] }];
  },
  async apply(recorded, uow) {
    const clock = await uow.get<ClockDoc>(memory, CLOCK_ID);
    if (clock && clock.position >= recorded.position) return;
    const event = recorded as PagelogEvent & RecordedEvent;
    const words = describeEvent(event);
    const { subject } = words;
    const at = clock && clock.at > recorded.metadata.occurredAt ? clock.at : recorded.metadata.occurredAt;
    let summary = words.summary;
    let subjectLabel = '';
    if (subject.id) {
      const remembered = await rememberSubject(uow, event, subject.area, subject.id);
      subjectLabel = remembered.label;
      if (remembered.changes) summary = `${summary}: ${remembered.changes}`;
    }
    uow.put(log, auditEntryId(recorded.position), {
      id: auditEntryId(recorded.position),
      position: recorded.position,
      at,
      occurredAt: recorded.metadata.occurredAt,
      actor: recorded.metadata.actorId,
      type: recorded.type,
      area: subject.area,
      stream: recorded.stream,
      revision: recorded.revision,
      subject: subject.id,
      subjectLabel,
      summary,
      comment: words.comment,
    } satisfies AuditEntryDoc);
    uow.put(memory, CLOCK_ID, { id: CLOCK_ID, at, position: recorded.position } satisfies ClockDoc);
  },
};

/** Updates what the projection knows of the subject; answers its label and, for a stored page version, what changed. */
async function rememberSubject(uow: UnitOfWork, event: PagelogEvent, area: string, id: string): Promise<{ label: string; changes: string }> {
  const key = memoryId(area, id);
  const known = await uow.get<SubjectDoc>(memory, key);
  let next: SubjectDoc = known ?? { id: key, label: '' };
  let changes = '';
  const page = next.page;
  switch (event.type) {
    case 'PageCreated': {
      const d = event.data;
      const content: VersionContent = { title: d.title, blocks: [], seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };
      next = { ...next, page: { title: d.title, slug: d.slug, locale: d.locale, content } };
      break;
    }
    case 'PageVersionStored':
      if (page) {
        const { pageId: _p, versionId: _v, mergedFromRevision: _m, auto: _a, ...content } = event.data;
        changes = changesInWords(versionChanges(page.content, content));
        next = { ...next, page: { ...page, title: content.title, content } };
      }
      break;
    case 'PageLinksUpdated':
      if (page) next = { ...next, page: { ...page, content: { ...page.content, blocks: event.data.blocks } } };
      break;
    case 'PageSlugChanged':
      if (page) next = { ...next, page: { ...page, slug: event.data.slug } };
      break;
    default: {
      const name = nameIn(event);
      if (name !== null) next = { ...next, label: name };
    }
  }
  if (next.page) next = { ...next, label: pageLabel(next.page) };
  if (next !== known) uow.put(memory, key, next);
  return { label: next.label, changes };
}
