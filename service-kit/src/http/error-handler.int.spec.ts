import { expect } from 'chai';
import Koa from 'koa';
import request from 'supertest';
import { pino } from 'pino';
import { ConflictError, StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import { errorHandler } from './error-handler';

const withCode = (code: string) => Object.assign(new Error(`failure ${code}`), { code });

/** An app whose one route throws what the test asks for, with the log written to `lines`. */
function appThrowing(lines: Record<string, unknown>[]) {
  let next: unknown = null;
  const app = new Koa();
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  app.use(async (ctx, n) => {
    ctx.state.log = log;
    await n();
  });
  app.use(errorHandler());
  app.use(() => {
    throw next;
  });
  return { http: () => request(app.callback()), throwNext: (e: unknown) => (next = e) };
}

describe('the error handler meeting store trouble', () => {
  for (const [code, kind] of [
    ['SQLITE_FULL', 'disk-full'],
    ['SQLITE_READONLY', 'read-only'],
    ['53300', 'too-many-connections'],
    ['53100', 'disk-full'],
    ['25006', 'read-only'],
    ['ENOSPC', 'disk-full'],
  ] as const) {
    it(`answers ${code} 503 G_01 with Retry-After in the envelope, and logs it once with what to do`, async () => {
      const lines: Record<string, unknown>[] = [];
      const app = appThrowing(lines);
      app.throwNext(withCode(code));
      for (let i = 0; i < 3; i++) {
        const reply = await app.http().get('/');
        expect(reply.status).to.equal(503);
        expect(reply.headers['retry-after']).to.equal('5');
        expect(reply.body).to.deep.equal({ Success: false, Errors: [{ code: 'G_01', property: '', model: '', message: 'Something went wrong, please try again later.' }], data: null });
      }
      const logged = lines.filter((l) => l.storeTrouble === kind);
      expect(logged).to.have.length(1);
      expect(logged[0]!.advice).to.be.a('string').and.not.equal('');
    });
  }

  it('logs a write that lost every race for its deadline as contention (busy), not as a store it could not reach', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = appThrowing(lines);
    app.throwNext(new StoreUnavailableError(new ConflictError('page-1', 3, 4, { conflicts: ['revision'] })));
    expect((await app.http().get('/')).status).to.equal(503);
    expect(lines.map((l) => l.storeTrouble).filter(Boolean)).to.deep.equal(['busy']);
  });

  it('still answers a bug 500', async () => {
    const app = appThrowing([]);
    app.throwNext(new TypeError('oops'));
    expect((await app.http().get('/')).status).to.equal(500);
  });
});
