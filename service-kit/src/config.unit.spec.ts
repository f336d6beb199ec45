import { expect } from 'chai';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('defaults to the embedded mode on port 3000 with Dutch first', () => {
    const config = loadConfig({});
    expect(config).to.include({ port: 3000, store: 'sqlite', defaultLocale: 'nl-nl', seed: true, publicUrl: 'http://localhost:3000', consistencyTimeoutMs: 2000 });
    expect(config.locales).to.deep.equal(['nl-nl', 'en-gb']);
    expect(config.dataDir).to.match(/\/data$/);
  });

  const refusals: [Record<string, string>, string][] = [
    [{ PORT: 'eighty' }, 'PORT must be a whole number'],
    [{ PAGELOG_STORE: 'postgres' }, 'DATABASE_URL is required when PAGELOG_STORE=postgres'],
    [{ PAGELOG_STORE: 'oracle' }, 'PAGELOG_STORE must be "sqlite" or "postgres"'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL must be a URL'],
    [{ PAGELOG_LOCALES: 'nl-nl,xx-yy' }, 'PAGELOG_LOCALES has an unknown locale "xx-yy"'],
    [{ PAGELOG_DEFAULT_LOCALE: 'de-de' }, 'PAGELOG_DEFAULT_LOCALE must be one of PAGELOG_LOCALES'],
    [{ PAGELOG_SEED: 'maybe' }, 'PAGELOG_SEED must be true or false'],
    [{ PAGELOG_PG_SCHEMA: 'Robert"; drop' }, 'PAGELOG_PG_SCHEMA must be a lower-case SQL identifier'],
    [{ PAGELOG_EVENT_STORE: 'kurrentdb' }, 'KURRENTDB_URL is required when PAGELOG_EVENT_STORE=kurrentdb'],
    [{ PAGELOG_READ_MODEL_STORE: 'mongodb' }, 'MONGODB_URL is required when PAGELOG_READ_MODEL_STORE=mongodb'],
    [{ PAGELOG_EVENT_STORE: 'cassandra' }, 'PAGELOG_EVENT_STORE must be "sqlite", "postgres" or "kurrentdb"'],
    [{ PAGELOG_BLOB_STORE: 'ftp' }, 'PAGELOG_BLOB_STORE must be "files", "postgres" or "s3"'],
    [{ PAGELOG_SEARCH_INDEX: 'solr' }, 'PAGELOG_SEARCH_INDEX must be "sqlite", "postgres" or "elasticsearch"'],
    [{ PAGELOG_SEARCH_INDEX: 'elasticsearch' }, 'ELASTICSEARCH_URL is required when PAGELOG_SEARCH_INDEX=elasticsearch'],
    [{ PAGELOG_SEARCH_INDEX: 'postgres' }, 'DATABASE_URL is required when PAGELOG_SEARCH_INDEX=postgres'],
    [{ PAGELOG_BLOB_STORE: 's3' }, 'S3_URL is required when PAGELOG_BLOB_STORE=s3'],
    [{ PAGELOG_BLOB_STORE: 'postgres' }, 'DATABASE_URL is required when PAGELOG_BLOB_STORE=postgres'],
  ];
  for (const [env, message] of refusals) {
    it(`refuses ${JSON.stringify(env)} naming the variable`, () => {
      expect(() => loadConfig(env)).to.throw(message);
    });
  }

  it('puts events and read models on the PAGELOG_STORE engine unless each is named', () => {
    expect(loadConfig({ PAGELOG_STORE: 'postgres', DATABASE_URL: 'postgres://db/x' })).to.include({ eventStore: 'postgres', readModelStore: 'postgres' });
    const split = loadConfig({ PAGELOG_EVENT_STORE: 'kurrentdb', KURRENTDB_URL: 'kurrentdb://k:2113?tls=false', PAGELOG_READ_MODEL_STORE: 'mongodb', MONGODB_URL: 'mongodb://m/pagelog?replicaSet=rs0' });
    expect(split).to.include({ eventStore: 'kurrentdb', readModelStore: 'mongodb', kurrentDbUrl: 'kurrentdb://k:2113?tls=false' });
  });

  it('keeps blobs in files, in PostgreSQL with PAGELOG_STORE=postgres, or where PAGELOG_BLOB_STORE says', () => {
    expect(loadConfig({})).to.include({ blobStore: 'files', s3Url: null });
    expect(loadConfig({ PAGELOG_STORE: 'postgres', DATABASE_URL: 'postgres://db/x' })).to.include({ blobStore: 'postgres' });
    const s3 = 'https://key:se%2Fcret@s3.example.net/media/pagelog?region=eu-west-1';
    expect(loadConfig({ PAGELOG_STORE: 'postgres', DATABASE_URL: 'postgres://db/x', PAGELOG_BLOB_STORE: 's3', S3_URL: s3 })).to.include({ blobStore: 's3', s3Url: s3 });
  });

  it('keeps the search index on the PAGELOG_STORE engine, or where PAGELOG_SEARCH_INDEX says', () => {
    expect(loadConfig({})).to.include({ searchIndex: 'sqlite', elasticsearchUrl: null, elasticsearchPrefix: 'pagelog' });
    expect(loadConfig({ PAGELOG_STORE: 'postgres', DATABASE_URL: 'postgres://db/x' })).to.include({ searchIndex: 'postgres' });
    expect(loadConfig({ PAGELOG_SEARCH_INDEX: 'elasticsearch', ELASTICSEARCH_URL: 'http://es:9200' })).to.include({ searchIndex: 'elasticsearch', elasticsearchUrl: 'http://es:9200' });
  });

  it('sends cache invalidations by Redis when it is there, else by PostgreSQL, else in-process, or as PAGELOG_CACHE_INVALIDATION says', () => {
    expect(loadConfig({})).to.include({ cacheInvalidation: 'local', siteCacheMb: 64 });
    expect(loadConfig({ PAGELOG_STORE: 'postgres', DATABASE_URL: 'postgres://db/x' })).to.include({ cacheInvalidation: 'postgres' });
    expect(loadConfig({ PAGELOG_STORE: 'postgres', DATABASE_URL: 'postgres://db/x', REDIS_URL: 'redis://r:6379' })).to.include({ cacheInvalidation: 'redis' });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', REDIS_URL: 'redis://r:6379', PAGELOG_CACHE_INVALIDATION: 'postgres', PAGELOG_SITE_CACHE_MB: '0' })).to.include({ cacheInvalidation: 'postgres', siteCacheMb: 0 });
    for (const [env, variable] of [
      [{ PAGELOG_CACHE_INVALIDATION: 'carrier-pigeon' }, 'PAGELOG_CACHE_INVALIDATION'],
      [{ PAGELOG_CACHE_INVALIDATION: 'redis' }, 'REDIS_URL'],
      [{ PAGELOG_CACHE_INVALIDATION: 'postgres' }, 'DATABASE_URL'],
      [{ PAGELOG_SITE_CACHE_MB: '-1' }, 'PAGELOG_SITE_CACHE_MB'],
    ] as const) {
      expect(() => loadConfig(env), variable).to.throw(ConfigError, variable);
    }
  });

  it('paces a search reindex by PAGELOG_REINDEX_CHUNK_SIZE and PAGELOG_REINDEX_PAUSE_MS', () => {
    expect(loadConfig({})).to.include({ reindexChunkSize: 200, reindexPauseMs: 0 });
    expect(loadConfig({ PAGELOG_REINDEX_CHUNK_SIZE: '50', PAGELOG_REINDEX_PAUSE_MS: '250' })).to.include({ reindexChunkSize: 50, reindexPauseMs: 250 });
    expect(() => loadConfig({ PAGELOG_REINDEX_CHUNK_SIZE: '0' })).to.throw(ConfigError, /PAGELOG_REINDEX_CHUNK_SIZE/);
  });

  it('sweeps for submissions past their retention every PAGELOG_FORM_RETENTION_SWEEP_MS, an hour unless set', () => {
    expect(loadConfig({})).to.include({ formRetentionSweepMs: 3_600_000 });
    expect(loadConfig({ PAGELOG_FORM_RETENTION_SWEEP_MS: '60000' })).to.include({ formRetentionSweepMs: 60_000 });
    expect(() => loadConfig({ PAGELOG_FORM_RETENTION_SWEEP_MS: '10' })).to.throw(ConfigError, /PAGELOG_FORM_RETENTION_SWEEP_MS/);
  });

  it('reads the distributed mode', () => {
    const config = loadConfig({ PAGELOG_STORE: 'postgres', DATABASE_URL: 'postgres://u@db:5432/pagelog', PAGELOG_LOCALES: 'en-gb, nl-nl', PAGELOG_PUBLIC_URL: 'https://www.example.nl/' });
    expect(config).to.include({ store: 'postgres', databaseUrl: 'postgres://u@db:5432/pagelog', defaultLocale: 'en-gb', publicUrl: 'https://www.example.nl' });
  });
});
