import { expect } from 'chai';
import { install, type Clock } from '@sinonjs/fake-timers';
import { failure, success } from '../../../testing/replies';
import { createSlugChecker, normalisedSlug, type CheckSlug, type SlugCheck } from './slug-availability';

let clock: Clock;

function setUp(answer: (slug: string) => boolean | 'fail' = () => true, pageID?: string) {
  const sent: unknown[] = [];
  const results: SlugCheck[] = [];
  const check: CheckSlug = async (body) => {
    sent.push(body);
    const available = answer(body.slug);
    return available === 'fail' ? failure(500) : success({ available });
  };
  const checker = createSlugChecker({ check, onResult: (result) => results.push(result), pageID });
  return { sent, results, checker };
}

describe('the slug availability check', () => {
  beforeEach(() => {
    clock = install({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => clock.uninstall());

  it('asks once typing has paused for 300 ms, with the normalised slug and locale', async () => {
    const { sent, results, checker } = setUp();
    checker.request('ab', 'nl-nl');
    clock.tick(100);
    checker.request('/About-Us/ ', 'nl-nl');
    clock.tick(299);
    expect(sent).to.deep.equal([]);
    expect(results.at(-1)).to.deep.equal({ state: 'checking' });
    clock.tick(1);
    await clock.tickAsync(0);
    expect(sent).to.deep.equal([{ slug: 'about-us', locale: 'nl-nl' }]);
    expect(results.at(-1)).to.deep.equal({ state: 'available' });
  });

  it('says a taken slug is taken, and passes the asking page', async () => {
    const { sent, results, checker } = setUp(() => false, 'page-1');
    checker.request('over-ons', 'nl-nl');
    clock.tick(300);
    await clock.tickAsync(0);
    expect(sent).to.deep.equal([{ slug: 'over-ons', locale: 'nl-nl', pageID: 'page-1' }]);
    expect(results.at(-1)).to.deep.equal({ state: 'taken' });
  });

  it('answers an empty or malformed slug at once, without a call', async () => {
    const { sent, results, checker } = setUp();
    checker.request('  ', 'nl-nl');
    expect(results.at(-1)).to.deep.equal({ state: 'invalid', code: 'V_01' });
    checker.request('über ons', 'nl-nl');
    expect(results.at(-1)).to.deep.equal({ state: 'invalid', code: 'V_12' });
    clock.tick(1000);
    await clock.tickAsync(0);
    expect(sent).to.deep.equal([]);
  });

  it('drops the answer to an older request', async () => {
    let resolveFirst: (() => void) | undefined;
    const results: SlugCheck[] = [];
    const check: CheckSlug = (body) =>
      body.slug === 'first'
        ? new Promise((resolve) => {
            resolveFirst = () => resolve(success({ available: true }));
          })
        : Promise.resolve(success({ available: false }));
    const checker = createSlugChecker({ check, onResult: (result) => results.push(result) });
    checker.request('first', 'nl-nl');
    clock.tick(300);
    checker.request('second', 'nl-nl');
    clock.tick(300);
    await clock.tickAsync(0);
    resolveFirst?.();
    await clock.tickAsync(0);
    expect(results.at(-1)).to.deep.equal({ state: 'taken' });
  });

  it('says it does not know when the check fails', async () => {
    const { results, checker } = setUp(() => 'fail');
    checker.request('over-ons', 'nl-nl');
    clock.tick(300);
    await clock.tickAsync(0);
    expect(results.at(-1)).to.deep.equal({ state: 'unknown' });
  });

  it('normalises as the API stores slugs', () => {
    expect(normalisedSlug(' /Nieuws/Artikel-1/ ')).to.equal('nieuws/artikel-1');
  });
});
