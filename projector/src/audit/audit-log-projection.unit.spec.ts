import { expect } from 'chai';
import { MemoryUow } from '../core/memory-uow';
import type { AuditEntryDoc } from '@pagelog/contracts/audit/audit-log';
import type { RecordedEvent } from '@pagelog/contracts/events/event';
import { eventSchemas } from '@pagelog/contracts/events/registry';
import { auditLogProjection } from './audit-log-projection';

class AuditUow extends MemoryUow {
  entries(): AuditEntryDoc[] {
    return Object.values(this.of('audit_log')).map((doc) => doc as unknown as AuditEntryDoc).sort((a, b) => a.position - b.position);
  }
}

const event = (position: number, type: string, data: Record<string, unknown>, occurredAt: string, stream = 'page-p1', actorId = 'u1'): RecordedEvent => ({
  id: `e${position}`,
  stream,
  revision: position,
  position,
  type,
  data,
  metadata: { actorId, correlationId: 'c', causationId: 'c', occurredAt, schemaVersion: 1 },
});

const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };
const heading = (key: string, text: string) => ({ type: 'heading', key, props: { text, level: 2 }, anchorPoint: '' });

describe('the audit-log projection', () => {
  it('handles every event type the log can hold', () => {
    expect([...auditLogProjection.handles].sort()).to.deep.equal(Object.keys(eventSchemas).sort());
  });

  it('writes each event once, in words, with time that never runs back along positions', async () => {
    const uow = new AuditUow();
    const log = [
      event(1, 'PageCreated', { pageId: 'p1', translationGroupId: 'g', type: 'base', locale: 'nl-nl', title: 'Over ons', slug: 'over-ons', content: '', typeData: {}, versionId: 'v1', copiedFrom: null }, '2026-05-01T10:00:02.000Z'),
      // Written by a process whose clock was a second behind.
      event(2, 'PageVersionStored', { pageId: 'p1', versionId: 'v1', title: 'Over ons', blocks: [heading('a', 'Wie wij zijn')], ...seo }, '2026-05-01T10:00:01.000Z'),
      event(3, 'PageSlugChanged', { pageId: 'p1', locale: 'nl-nl', slug: 'wie-wij-zijn', previousSlug: 'over-ons', updateLinks: false }, '2026-05-01T10:00:03.000Z'),
      event(4, 'PageVersionStored', { pageId: 'p1', versionId: 'v1', title: 'Wie wij zijn', blocks: [heading('b', 'Team'), heading('a', 'Wie wij zijn, echt')], ...seo }, '2026-05-01T10:00:04.000Z'),
      event(5, 'PublicationRequested', { pageId: 'p1', versionId: 'v1', requestId: 'r', comment: 'Graag', requestedBy: 'u1' }, '2026-05-01T10:00:05.000Z'),
      event(6, 'FormSubmitted', { submissionId: 's1', form: 'newsletter', locale: 'nl-nl', pageId: null, submitterIndex: 'x', values: { sealed: 'secret' }, spam: { suspected: false, reasons: [] } }, '2026-05-01T10:00:06.000Z', 'form-submission-s1', 'anonymous'),
    ];
    for (const e of log) await auditLogProjection.apply(e, uow);
    for (const e of log) await auditLogProjection.apply(e, uow); // a replay changes nothing
    const entries = uow.entries();
    expect(entries.map((e) => e.position)).to.deep.equal([1, 2, 3, 4, 5, 6]);
    expect(entries.map((e) => e.id)).to.deep.equal(['000000000000001', '000000000000002', '000000000000003', '000000000000004', '000000000000005', '000000000000006']);
    expect(entries[1]!.at).to.equal('2026-05-01T10:00:02.000Z');
    expect(entries[1]!.occurredAt).to.equal('2026-05-01T10:00:01.000Z');
    expect(entries.map((e) => e.at)).to.deep.equal([...entries.map((e) => e.at)].sort());
    expect(entries[1]!.summary).to.equal('saved the draft: added Heading “Wie wij zijn”');
    expect(entries[3]!.summary).to.equal('saved the draft: changed the title; added Heading “Team”; edited Heading “Wie wij zijn, echt” (Text)');
    expect(entries[3]!.subjectLabel).to.equal('Wie wij zijn (wie-wij-zijn, nl-nl)');
    expect(entries[2]!.subjectLabel).to.equal('Over ons (wie-wij-zijn, nl-nl)');
    expect(entries[4]).to.deep.include({ comment: 'Graag', subject: 'p1', area: 'pages', actor: 'u1', type: 'PublicationRequested' });
    expect(entries[5]).to.deep.include({ area: 'forms', subject: 's1', actor: 'anonymous', subjectLabel: 'newsletter form (nl-nl)', summary: 'sent the newsletter form' });
    expect(JSON.stringify(entries)).not.to.contain('secret');
  });

  it('prefetches the clock and the subjects a batch names', () => {
    const batch = [event(1, 'MediaAltTextChanged', { mediaId: 'm1', defaultAltText: 'x' }, '2026-05-01T10:00:00.000Z', 'media-m1')];
    expect(auditLogProjection.prefetch!(batch)).to.deep.equal([{ collection: 'audit_subjects', ids: ['clock', 'media:m1'] }]);
  });
});
