import { expect } from 'chai';
import { timeLeft } from './time-left';

describe('the time a reindex has left, as the screen says it', () => {
  it('is unknown until the server has a rate', () => {
    expect(timeLeft(null)).to.deep.equal({ key: 'unknown' });
    expect(timeLeft(Number.NaN)).to.deep.equal({ key: 'unknown' });
  });

  it('is less than a minute below 45 seconds', () => {
    expect(timeLeft(0)).to.deep.equal({ key: 'lessThanAMinute' });
    expect(timeLeft(44)).to.deep.equal({ key: 'lessThanAMinute' });
  });

  it('counts whole minutes, at least one, up to an hour and a half', () => {
    expect(timeLeft(45)).to.deep.equal({ key: 'minutes', count: 1 });
    expect(timeLeft(125)).to.deep.equal({ key: 'minutes', count: 2 });
    expect(timeLeft(89 * 60)).to.deep.equal({ key: 'minutes', count: 89 });
  });

  it('counts hours beyond', () => {
    expect(timeLeft(90 * 60)).to.deep.equal({ key: 'hours', count: 2 });
    expect(timeLeft(5 * 3600 + 600)).to.deep.equal({ key: 'hours', count: 5 });
  });
});
