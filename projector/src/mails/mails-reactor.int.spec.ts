import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '@pagelog/contracts/events/event';
import type { MailMessage } from '@pagelog/storage/mail/mailer';
import { deriveKey, PersonalDataVault } from '@pagelog/storage/key-store/personal-data-vault';
import { SqliteKeyStore } from '@pagelog/storage/key-store/sqlite-key-store';
import { SqliteReadModelStore } from '@pagelog/storage/read-model-store/sqlite-read-model-store';
import { openDatabase, type SqliteDatabase } from '@pagelog/storage/sqlite/open-database';
import type { ReactorEffects } from '../core/reactor';
import { mailsReactor } from './mails-reactor';

const NOW = Date.parse('2026-11-24T10:00:00.000Z');
let seq = 0;
const recorded = (stream: string, type: string, data: Record<string, unknown>, actorId = 'system'): RecordedEvent =>
  ({
    id: `event-${++seq}`,
    stream,
    type,
    data,
    revision: seq,
    position: seq,
    metadata: { actorId, correlationId: 'c', causationId: 'c', occurredAt: new Date(NOW).toISOString(), schemaVersion: 2 },
  }) as RecordedEvent;

/** Runs every effect, as a reactor that has run none of them yet would. */
const runAll: ReactorEffects = { once: async (_key, effect) => effect() };

describe('the mails reactor', () => {
  let dir: string;
  let db: SqliteDatabase;
  let readModels: SqliteReadModelStore;
  let vault: PersonalDataVault;
  let sent: MailMessage[];
  let reactor: ReturnType<typeof mailsReactor>;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pagelog-mails-'));
    db = openDatabase(join(dir, 'm.db'));
    readModels = new SqliteReadModelStore(db);
    vault = new PersonalDataVault({ keys: new SqliteKeyStore(db), masterKey: deriveKey('a-secret-of-at-least-thirty-two-characters', 'personal-data-keys') });
    sent = [];
    const mailer = { send: async (m: MailMessage) => void sent.push(m), close: async () => {} };
    reactor = mailsReactor({ mailer, vault, readModels, publicUrl: 'https://cms.voorbeeld.nl', clock: () => NOW });
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function user(id: string, name: string, roleId: string, status: 'active' | 'pending' = 'active') {
    await vault.createKey(id);
    const personal = await vault.seal(id, { name, email: `${name.toLowerCase()}@pagelog.test`, jobTitle: '' });
    await readModels.commit('users', seq, async (uow) => uow.put('users', id, { ID: id, roleId, status, personal, imageId: null }));
  }
  async function tokenIssued(userId: string, purpose: 'activation' | 'reset', expiresAt: string) {
    return recorded(`user-${userId}`, 'UserTokenIssued', { purpose, tokenHash: 'h', expiresAt, sealedToken: await vault.seal(userId, `${userId}.secret`) });
  }

  it('mails the link with the token the event carries sealed, to the address opened with the user key', async () => {
    await user('u1', 'Ans', 'editor', 'pending');
    await reactor.react(await tokenIssued('u1', 'activation', '2026-12-01T00:00:00.000Z'), runAll);
    expect(sent).to.have.length(1);
    expect(sent[0]).to.include({ to: 'ans@pagelog.test', subject: 'Activate your Pagelog account', id: `event-${seq}` });
    expect(sent[0]!.text).to.contain('https://cms.voorbeeld.nl/cmsadmin/activate-account?token=u1.secret');
  });

  it('sends nothing for a link that has run out, for a user whose key is gone, or for an event from before tokens were sealed', async () => {
    await user('u1', 'Ans', 'editor');
    await reactor.react(await tokenIssued('u1', 'reset', '2026-11-24T09:59:59.000Z'), runAll);
    const later = await tokenIssued('u1', 'reset', '2026-11-24T11:00:00.000Z');
    await reactor.react({ ...later, data: { ...(later.data as object), sealedToken: null } } as RecordedEvent, runAll);
    await vault.forget('u1');
    await reactor.react(later, runAll);
    expect(sent).to.deep.equal([]);
  });

  it('mails every active reviewer but the requester about a request, and the requester about the decision', async () => {
    await readModels.commit('users', 0, async (uow) => {
      uow.put('roles', 'editor', { ID: 'editor', name: 'Editor', permissions: [{ name: 'edit-page' }] });
      uow.put('roles', 'publisher', { ID: 'publisher', name: 'Publisher', permissions: [{ name: 'review-publication' }] });
    });
    await user('ed', 'Eddie', 'editor');
    await user('pia', 'Pia', 'publisher');
    await user('pim', 'Pim', 'publisher', 'pending');
    await user('bo', 'Bo', 'publisher');
    await readModels.commit('pages', 0, async (uow) => uow.put('pages', 'p1', { id: 'p1', title: 'Jaarverslag', locale: 'nl-nl', slug: 'jaarverslag' }));
    await reactor.react(recorded('page-p1', 'PublicationRequested', { pageId: 'p1', versionId: 'v1', requestId: 'r1', comment: 'Graag', requestedBy: 'bo' }, 'bo'), runAll);
    expect(sent.map((m) => `${m.to}: ${m.subject}`)).to.deep.equal(['pia@pagelog.test: Publication requested: Jaarverslag']);
    expect(sent[0]!.text).to.contain('Bo asks you to review the page "Jaarverslag" (nl-nl)');
    sent = [];
    await reactor.react(recorded('page-p1', 'PublicationAccepted', { pageId: 'p1', versionId: 'v1', requestId: 'r1', feedback: 'Mooi', requestedBy: 'ed' }, 'pia'), runAll);
    await reactor.react(recorded('page-p1', 'PublicationRejected', { pageId: 'p1', versionId: 'v1', requestId: 'r1', feedback: '', requestedBy: 'pia' }, 'pia'), runAll);
    expect(sent.map((m) => `${m.to}: ${m.subject}`)).to.deep.equal(['eddie@pagelog.test: Publication accepted: Jaarverslag']);
    expect(sent[0]!.text).to.contain('https://cms.voorbeeld.nl/jaarverslag');
  });
});
