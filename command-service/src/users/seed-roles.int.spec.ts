import { expect } from 'chai';
import { v7 as uuidv7 } from 'uuid';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { roleStream } from '@pagelog/contracts/events/user-events';
import { permissionNames } from '@pagelog/contracts/permissions';
import { openDatabase, type SqliteDatabase } from '@pagelog/storage/sqlite/open-database';
import { SqliteEventStore } from '@pagelog/storage/event-store/sqlite-event-store';
import { commandDeps } from '../command-app';
import { commandContext } from '../core/command-context';
import { seedRoles } from './seed-roles';

describe('seeding the roles', () => {
  let dir: string;
  let db: SqliteDatabase;
  let store: SqliteEventStore;
  const context = () => commandContext('system', 'seed');
  const define = (roleId: string, permissions: string[]) =>
    store.append(roleStream(roleId), [{ id: uuidv7(), type: 'RoleDefined', data: { roleId, name: roleId, permissions: permissions.map((name) => ({ name })) }, metadata: { actorId: 'system', correlationId: 'old', causationId: 'old', occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 } }], 'any');
  const permissionsOf = async (roleId: string) => {
    const events = await store.readStream(roleStream(roleId));
    return (events.at(-1)!.data as { permissions: { name: string }[] }).permissions.map((p) => p.name);
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pagelog-roles-'));
    db = openDatabase(join(dir, 'p.db'));
    store = new SqliteEventStore(db);
  });
  afterEach(async () => {
    await store.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('defines each role once on an empty store, the administrator with every permission', async () => {
    expect(await seedRoles(commandDeps(store), context())).to.equal(4);
    expect(await permissionsOf('administrator')).to.have.members(permissionNames);
    expect(await seedRoles(commandDeps(store), context())).to.equal(0);
  });

  it('gives the administrator of an older store the permissions the product gained since, and leaves the other roles as they were', async () => {
    const before = permissionNames.filter((name) => name !== 'manage-settings');
    await define('administrator', before);
    await define('editor', ['edit-page']);
    await seedRoles(commandDeps(store), context());
    expect(await permissionsOf('administrator')).to.include('manage-settings').and.have.members(permissionNames);
    expect(await permissionsOf('editor')).to.deep.equal(['edit-page']);
    expect(await seedRoles(commandDeps(store), context())).to.equal(0);
  });
});
