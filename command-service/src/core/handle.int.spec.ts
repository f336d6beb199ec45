import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { validate as isUuid, version as uuidVersion } from 'uuid';
import type { DomainEvent } from '@pagelog/contracts/events/event';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import { openDatabase, type SqliteDatabase } from '@pagelog/storage/sqlite/open-database';
import { SqliteEventStore } from '@pagelog/storage/event-store/sqlite-event-store';
import { commandContext, type CommandContext } from './command-context';
import { streamOf, type Evolver } from '@pagelog/contracts/events/event';
import { createHandle, type Handle } from './handle';
import type { CommandIdentity } from './keyed-writes';

type Noted = DomainEvent<'Noted', { text: string }> | DomainEvent<'Renamed', { name: string }>;
type Claim = DomainEvent<'Claimed' | 'Released', { owner: string }>;

const notes: Evolver<{ texts: string[] }, Noted> = {
  initialState: { texts: [] },
  evolve: (state, e) => (e.type === 'Noted' ? { texts: [...state.texts, e.data.text] } : state),
};
const claims: Evolver<{ owner: string | null }, Claim> = {
  initialState: { owner: null },
  evolve: (state, e) => (e.type === 'Claimed' ? { owner: e.data.owner } : state.owner === e.data.owner ? { owner: null } : state),
};
const claimFor = (owner: string) => (state: { owner: string | null }): Claim[] => {
  if (state.owner === owner) return [];
  if (state.owner !== null) throw ValidationError.of('V_06', 'slug', 'page');
  return [{ type: 'Claimed', data: { owner } }];
};
const releaseFor = (owner: string) => (state: { owner: string | null }): Claim[] => (state.owner === owner ? [{ type: 'Released', data: { owner } }] : []);

const STARTED = Date.UTC(2026, 5, 1, 12, 0, 0);
const identity = (key: string): CommandIdentity => ({ scope: 'pageCreate user:u1', key, startedAt: STARTED });
/** One attempt of a command: a context of its own, with the key's identity or without one. */
const attempt = (key?: string): CommandContext => commandContext('u1', `req-${Math.random()}`, new Date(), key === undefined ? undefined : identity(key));

describe('handle with an Idempotency-Key', () => {
  let dir: string;
  let db: SqliteDatabase;
  let store: SqliteEventStore;
  let handle: Handle;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pagelog-handle-'));
    db = openDatabase(join(dir, 'pagelog.db'));
    store = new SqliteEventStore(db);
    handle = createHandle(store);
  });
  afterEach(async () => {
    await store.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const note = (context: CommandContext, text: string) =>
    handle(streamOf<Noted>('notes-1'), 'any', notes, (state): Noted[] => [{ type: 'Noted', data: { text: `${text} after ${state.texts.length}` } }], context);

  describe('when a retry makes a write an earlier attempt made', () => {
    it('answers what that attempt wrote and appends nothing, whatever others wrote since', async () => {
      const first = await note(attempt('k1'), 'mine');
      await note(attempt(), 'theirs');
      const retry = await note(attempt('k1'), 'mine');
      expect(retry).to.deep.include({ position: first.position, revision: first.revision, replayed: true });
      expect(retry.events.map((e) => e.data)).to.deep.equal([{ text: 'mine after 0' }]);
      expect((await store.readStream('notes-1')).map((e) => e.data)).to.deep.equal([{ text: 'mine after 0' }, { text: 'theirs after 1' }]);
    });

    it('answers it even where the write expected the stream to be empty (a create)', async () => {
      const create = (context: CommandContext) => handle(streamOf<Noted>('notes-2'), 0, notes, (): Noted[] => [{ type: 'Noted', data: { text: 'created' } }], context);
      const first = await create(attempt('k1'));
      const retry = await create(attempt('k1'));
      expect(retry).to.deep.include({ position: first.position, revision: 1, replayed: true });
      expect(await store.streamRevision('notes-2')).to.equal(1);
    });

    it('makes the same new ids, as UUIDv7 of the first attempt’s time', async () => {
      const [a, b] = [attempt('k1'), attempt('k1')];
      const ids = [a.newId(), a.newId()];
      expect([b.newId(), b.newId()]).to.deep.equal(ids);
      expect(ids[0]).to.not.equal(ids[1]);
      for (const id of ids) {
        expect(isUuid(id) && uuidVersion(id)).to.equal(7);
        expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).to.equal(STARTED);
      }
      expect(attempt('k2').newId()).to.not.equal(ids[0]);
    });

    it('writes anew when its path led elsewhere: the nth write decided now is of other types', async () => {
      await note(attempt('k1'), 'profile');
      const rename = await handle(streamOf<Noted>('notes-1'), 'any', notes, (): Noted[] => [{ type: 'Renamed', data: { name: 'x' } }], attempt('k1'));
      expect(rename.replayed).to.equal(undefined);
      expect((await store.readStream('notes-1')).map((e) => e.type)).to.deep.equal(['Noted', 'Renamed']);
    });
  });

  describe('without a key', () => {
    it('decides and writes every attempt again, as before', async () => {
      await note(attempt(), 'a');
      await note(attempt(), 'a');
      expect(await store.streamRevision('notes-1')).to.equal(2);
    });
  });

  describe('with another key', () => {
    it('is another command', async () => {
      await note(attempt('k1'), 'a');
      await note(attempt('k2'), 'a');
      expect(await store.streamRevision('notes-1')).to.equal(2);
    });
  });

  describe('when a write is decided again (a claim)', () => {
    const claim = (context: CommandContext, owner: string) =>
      handle(streamOf<Claim>('slug-nl-nieuws'), 'any', claims, claimFor(owner), context, { decideAgain: true });
    const release = (context: CommandContext, owner: string) =>
      handle(streamOf<Claim>('slug-nl-nieuws'), 'any', claims, releaseFor(owner), context, { decideAgain: true });

    it('claims again what the earlier attempt gave back, with ids of its own', async () => {
      const first = attempt('k1');
      await claim(first, 'page-1');
      await release(first, 'page-1');
      await claim(attempt('k1'), 'page-1');
      const stream = await store.readStream('slug-nl-nieuws');
      expect(stream.map((e) => e.type)).to.deep.equal(['Claimed', 'Released', 'Claimed']);
      expect(new Set(stream.map((e) => e.id)).size).to.equal(3);
    });

    it('writes nothing while the claim still holds', async () => {
      await claim(attempt('k1'), 'page-1');
      const retry = await claim(attempt('k1'), 'page-1');
      expect(retry.events).to.deep.equal([]);
      expect(await store.streamRevision('slug-nl-nieuws')).to.equal(1);
    });

    it('is refused when another has taken it over meanwhile', async () => {
      const first = attempt('k1');
      await claim(first, 'page-1');
      await release(first, 'page-1');
      await claim(attempt(), 'page-2');
      const error = await claim(attempt('k1'), 'page-1').then(() => null, (e: unknown) => e);
      expect(error).to.be.instanceOf(ValidationError);
    });
  });
});
