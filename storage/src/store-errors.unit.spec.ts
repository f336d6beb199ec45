import { expect } from 'chai';
import { classifyStoreError } from './store-errors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('what kind of store trouble an error is', () => {
  it('tells a full disk, a read-only store and a busy one in SQLite', () => {
    expect(classifyStoreError(withCode('SQLITE_FULL'))?.kind).to.equal('disk-full');
    expect(classifyStoreError(withCode('SQLITE_READONLY_DBMOVED'))?.kind).to.equal('read-only');
    expect(classifyStoreError(withCode('SQLITE_BUSY_SNAPSHOT'))?.kind).to.equal('busy');
    expect(classifyStoreError(withCode('SQLITE_IOERR_WRITE', 'disk I/O error: No space left on device'))?.kind).to.equal('disk-full');
    expect(classifyStoreError(withCode('SQLITE_CONSTRAINT_PRIMARYKEY'))).to.equal(null);
  });

  it('tells PostgreSQL\'s resource and connection states by SQLSTATE', () => {
    expect(classifyStoreError(withCode('53100'))?.kind).to.equal('disk-full');
    expect(classifyStoreError(withCode('53300'))?.kind).to.equal('too-many-connections');
    expect(classifyStoreError(withCode('25006'))?.kind).to.equal('read-only');
    expect(classifyStoreError(withCode('57014'))?.kind).to.equal('timeout');
    expect(classifyStoreError(withCode('57P01'))?.kind).to.equal('unreachable');
    expect(classifyStoreError(withCode('08006'))?.kind).to.equal('unreachable');
    expect(classifyStoreError(withCode('23505'))).to.equal(null);
    expect(classifyStoreError(withCode('42P01'))).to.equal(null);
  });

  it('tells the network and the file system apart from bugs, and pg\'s and Redis\'s words', () => {
    expect(classifyStoreError(withCode('ECONNREFUSED'))?.kind).to.equal('unreachable');
    expect(classifyStoreError(withCode('ENOSPC'))?.kind).to.equal('disk-full');
    expect(classifyStoreError(withCode('EROFS'))?.kind).to.equal('read-only');
    expect(classifyStoreError(new Error('Query read timeout'))?.kind).to.equal('timeout');
    expect(classifyStoreError(new Error('timeout exceeded when trying to connect'))?.kind).to.equal('timeout');
    expect(classifyStoreError(new Error('Connection terminated unexpectedly'))?.kind).to.equal('unreachable');
    expect(classifyStoreError(new Error('Command timed out'))?.kind).to.equal('timeout');
    expect(classifyStoreError(new Error("READONLY You can't write against a read only replica."))?.kind).to.equal('read-only');
    expect(classifyStoreError(new TypeError('x is undefined'))).to.equal(null);
    expect(classifyStoreError(null)).to.equal(null);
  });

  it('says what to do about each', () => {
    expect(classifyStoreError(withCode('SQLITE_FULL'))?.advice).to.match(/free space/);
    expect(classifyStoreError(withCode('53300'))?.advice).to.match(/max_connections/);
  });
});
